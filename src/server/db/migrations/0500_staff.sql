-- Staff with least privilege, an append-only audit trail, two-person approval of large
-- withdrawals, support notes and holds, chat moderation (issue 14, docs/admin.md).

-- SUPPORT: the user list and pages (read-only apart from notes and holds), deposits, withdrawals,
-- kicks and chat moderation; no roles, tables, settings or deletions.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('ADMIN', 'SUPPORT', 'PLAYER'));

-- A hold for review: while set, the player can neither ask for a withdrawal nor have one approved.
ALTER TABLE users ADD COLUMN hold_reason text;
ALTER TABLE users ADD COLUMN hold_since timestamptz;
ALTER TABLE users ADD COLUMN hold_by integer REFERENCES users(id);

-- Two-person approval: the first staff member's approval of a withdrawal above the threshold.
ALTER TABLE withdrawals ADD COLUMN first_approved_by integer REFERENCES users(id);
ALTER TABLE withdrawals ADD COLUMN first_approved_at timestamptz;
-- A paid withdrawal that had a first approval was paid by someone else (the first approver may
-- still reject it).
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_two_people
  CHECK (first_approved_by IS NULL OR status <> 'APPROVED' OR first_approved_by <> resolved_by);

-- Support notes on a user (staff only).
CREATE TABLE user_notes (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id),
  author_id   integer NOT NULL REFERENCES users(id),
  text        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_notes_user ON user_notes (user_id, id);

-- Chat moderation: a hidden message stays for the record but is no longer shown.
ALTER TABLE chat_messages ADD COLUMN hidden_at timestamptz;
ALTER TABLE chat_messages ADD COLUMN hidden_by integer REFERENCES users(id);

-- The audit trail: every staff action, written in the transaction of the action itself. The
-- actor's name and role are kept as they were then (a later rename or role change does not
-- rewrite history).
CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  created_at   timestamptz NOT NULL DEFAULT now(),
  actor_id     integer NOT NULL REFERENCES users(id),
  actor_name   text NOT NULL,
  actor_role   text NOT NULL,
  ip           text,
  action       text NOT NULL,
  object_type  text NOT NULL,
  object_id    text,
  user_id      integer REFERENCES users(id),
  before       jsonb,
  after        jsonb
);
CREATE INDEX audit_log_user ON audit_log (user_id, id);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_object ON audit_log (object_type, object_id);
CREATE INDEX audit_log_created ON audit_log (created_at);

-- Append-only, as the ledger's transfers.
CREATE FUNCTION audit_log_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
