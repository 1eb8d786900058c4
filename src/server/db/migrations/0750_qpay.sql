-- QPay deposits (docs/payments.md): one invoice per deposit a player asks for, and every payment
-- QPay reports for it, each recorded once by QPay's payment id and credited at most once (its
-- ledger transfer is keyed qpay:<payment id>). Status changes are guarded updates; the CHECKs
-- keep each status's fields consistent, as the ledger's CHECK keeps balances.
CREATE TABLE qpay_invoices (
  id               serial PRIMARY KEY,
  -- Our reference: QPay's sender_invoice_no and the callback URL's ref.
  ref              text NOT NULL UNIQUE,
  user_id          integer NOT NULL REFERENCES users(id),
  amount           bigint NOT NULL CHECK (amount > 0),
  status           text NOT NULL DEFAULT 'CREATING'
                   CHECK (status IN ('CREATING', 'PENDING', 'PARTIAL', 'PAID', 'EXPIRED', 'CANCELLED', 'FAILED')),
  qpay_invoice_id  text UNIQUE,
  qr_text          text,
  short_url        text,
  deep_links       jsonb NOT NULL DEFAULT '[]',
  -- What QPay reported paid in whole tugrik (credited or held), and what was credited.
  paid_amount      bigint NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
  credited_amount  bigint NOT NULL DEFAULT 0 CHECK (credited_amount >= 0 AND credited_amount <= paid_amount),
  idempotency_key  text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  paid_at          timestamptz,
  closed_at        timestamptz,
  last_checked_at  timestamptz,
  checks           integer NOT NULL DEFAULT 0,
  error            text,
  CONSTRAINT qpay_invoices_key UNIQUE (user_id, idempotency_key),
  CONSTRAINT qpay_invoices_created CHECK (status IN ('CREATING', 'FAILED') OR qpay_invoice_id IS NOT NULL),
  CONSTRAINT qpay_invoices_unpaid CHECK (status NOT IN ('CREATING', 'PENDING', 'FAILED') OR paid_amount = 0),
  CONSTRAINT qpay_invoices_partial CHECK (status <> 'PARTIAL' OR (paid_amount > 0 AND paid_amount < amount)),
  CONSTRAINT qpay_invoices_paid CHECK ((status = 'PAID') = (paid_at IS NOT NULL) AND (status <> 'PAID' OR paid_amount >= amount)),
  CONSTRAINT qpay_invoices_closed CHECK ((status IN ('EXPIRED', 'CANCELLED', 'FAILED')) = (closed_at IS NOT NULL))
);
CREATE INDEX qpay_invoices_user ON qpay_invoices (user_id, id);
CREATE INDEX qpay_invoices_open ON qpay_invoices (status, last_checked_at) WHERE status IN ('CREATING', 'PENDING', 'PARTIAL');

CREATE TABLE qpay_payments (
  -- QPay's payment_id: a payment is recorded once, whatever the callbacks and checks.
  payment_id   text PRIMARY KEY,
  invoice_id   integer NOT NULL REFERENCES qpay_invoices(id),
  user_id      integer NOT NULL REFERENCES users(id),
  qpay_status  text NOT NULL,
  -- As QPay wrote it, and in whole tugrik (null when it was not a whole amount).
  amount_text  text NOT NULL,
  amount       bigint CHECK (amount > 0),
  currency     text NOT NULL,
  paid_at      timestamptz,
  decision     text NOT NULL CHECK (decision IN ('CREDITED', 'HELD', 'REFUSED')),
  -- The written rule that decided (docs/payments.md): exact, partial, over, after_expiry, guard, currency, amount.
  rule         text NOT NULL,
  reason       text,
  deposit_id   integer REFERENCES deposits(id),
  transfer_id  bigint REFERENCES transfers(id),
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  reviewed_by  integer REFERENCES users(id),
  reviewed_at  timestamptz,
  CONSTRAINT qpay_payments_credited CHECK ((decision = 'CREDITED') = (transfer_id IS NOT NULL AND deposit_id IS NOT NULL AND amount IS NOT NULL)),
  CONSTRAINT qpay_payments_reviewed CHECK ((reviewed_at IS NULL) = (reviewed_by IS NULL) AND (reviewed_at IS NULL OR decision <> 'HELD'))
);
CREATE INDEX qpay_payments_invoice ON qpay_payments (invoice_id);
CREATE INDEX qpay_payments_decision ON qpay_payments (decision, recorded_at);
