-- Reconciliation (docs/payments.md): what QPay itself lists as paid (POST /v2/payment/list), kept
-- per payment, and which of QPay's days (Ulaanbaatar dates) were fetched when; the bank's side is
-- the uploaded statements (0760). The daily report compares them with the ledger.
CREATE TABLE qpay_reported_payments (
  payment_id       text PRIMARY KEY,
  qpay_invoice_id  text NOT NULL,
  status           text NOT NULL,
  amount_text      text NOT NULL,
  -- Whole tugrik, or null when QPay's amount was not one.
  amount           bigint,
  currency         text NOT NULL,
  paid_at          timestamptz NOT NULL,
  fetched_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qpay_reported_paid ON qpay_reported_payments (paid_at);

CREATE TABLE qpay_list_fetches (
  -- YYYY-MM-DD (Ulaanbaatar)
  ub_date     text PRIMARY KEY CHECK (ub_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  fetched_at  timestamptz NOT NULL
);
