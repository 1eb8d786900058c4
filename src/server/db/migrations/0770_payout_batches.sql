-- Payout batches (docs/payments.md): approved withdrawals (the ledger paid them at approval) sent
-- to the bank in one bulk-transfer file per payee bank, marked paid out with the bank's reference
-- when staff confirm. A withdrawal is in at most one batch that is not cancelled; a cancelled
-- batch gives its withdrawals back. States move by guarded updates; the CHECKs keep each state's
-- fields consistent.
CREATE TABLE payout_batches (
  id              serial PRIMARY KEY,
  -- PB-XXXXXXXX: written in the file's descriptions, so the bank's statement names the batch.
  code            text NOT NULL UNIQUE,
  bank            text NOT NULL,
  status          text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'CANCELLED')),
  item_count      integer NOT NULL CHECK (item_count > 0),
  total           bigint NOT NULL CHECK (total > 0),
  created_by      integer NOT NULL REFERENCES users(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  exported_at     timestamptz,
  bank_reference  text,
  paid_by         integer REFERENCES users(id),
  paid_at         timestamptz,
  cancelled_by    integer REFERENCES users(id),
  cancelled_at    timestamptz,
  cancel_reason   text,
  CONSTRAINT payout_batches_paid CHECK ((status = 'PAID') = (bank_reference IS NOT NULL AND paid_by IS NOT NULL AND paid_at IS NOT NULL)),
  CONSTRAINT payout_batches_cancelled CHECK ((status = 'CANCELLED') = (cancelled_by IS NOT NULL AND cancelled_at IS NOT NULL AND cancel_reason IS NOT NULL))
);
CREATE INDEX payout_batches_status ON payout_batches (status, id);

CREATE TABLE payout_batch_items (
  batch_id        integer NOT NULL REFERENCES payout_batches(id),
  withdrawal_id   integer NOT NULL REFERENCES withdrawals(id),
  amount          bigint NOT NULL CHECK (amount > 0),
  account_number  text NOT NULL,
  -- False once the batch is cancelled: the withdrawal may go into another batch.
  active          boolean NOT NULL DEFAULT true,
  PRIMARY KEY (batch_id, withdrawal_id)
);
CREATE UNIQUE INDEX payout_batch_items_one ON payout_batch_items (withdrawal_id) WHERE active;

ALTER TABLE withdrawals ADD COLUMN payout_batch_id integer REFERENCES payout_batches(id);
ALTER TABLE withdrawals ADD COLUMN paid_out_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN paid_out_reference text;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_batch_approved CHECK (payout_batch_id IS NULL OR status = 'APPROVED');
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_paid_out CHECK ((paid_out_at IS NULL) = (paid_out_reference IS NULL) AND (paid_out_at IS NULL OR status = 'APPROVED'));
CREATE INDEX withdrawals_to_pay ON withdrawals (bank, id) WHERE status = 'APPROVED' AND payout_batch_id IS NULL AND paid_out_at IS NULL;
-- Approved before batches existed: paid out by hand, as the process was then.
UPDATE withdrawals SET paid_out_at = resolved_at, paid_out_reference = 'paid before payout batches' WHERE status = 'APPROVED';
