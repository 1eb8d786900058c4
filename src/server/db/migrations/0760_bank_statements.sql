-- Bank statements (docs/payments.md): each upload, and every line of the bank's statement, kept
-- once by its fingerprint (a statement uploaded again, or overlapping an earlier one, adds no line
-- twice). Money-in lines are matched to players by the deposit code in their description and
-- credited on a staff member's confirmation, once: the line's status moves only forward by
-- guarded updates, and its transfer is keyed bank-line:<fingerprint>.
CREATE TABLE bank_statements (
  id           serial PRIMARY KEY,
  -- The bank whose statement it is (the house account's bank), and the parser used.
  bank         text NOT NULL,
  format       text NOT NULL,
  filename     text NOT NULL,
  sha256       text NOT NULL UNIQUE,
  period_from  timestamptz,
  period_to    timestamptz,
  line_count   integer NOT NULL CHECK (line_count >= 0),
  added        integer NOT NULL CHECK (added >= 0),
  duplicates   integer NOT NULL CHECK (duplicates >= 0),
  uploaded_by  integer NOT NULL REFERENCES users(id),
  uploaded_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (added + duplicates = line_count)
);

CREATE TABLE bank_statement_lines (
  id            bigserial PRIMARY KEY,
  statement_id  integer NOT NULL REFERENCES bank_statements(id),
  line_no       integer NOT NULL,
  fingerprint   text NOT NULL UNIQUE,
  booked_at     timestamptz NOT NULL,
  direction     text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  amount        bigint NOT NULL CHECK (amount > 0),
  description   text NOT NULL,
  counterparty  text,
  bank_ref      text,
  -- The deposit code found in the description, and the player proposed or credited.
  deposit_code  text,
  user_id       integer REFERENCES users(id),
  status        text NOT NULL CHECK (status IN ('PROPOSED', 'UNMATCHED', 'CREDITED', 'IGNORED', 'OUTGOING')),
  note          text,
  -- The deposit this line credited, or the existing deposit it was linked to (one line per deposit).
  deposit_id    integer UNIQUE REFERENCES deposits(id),
  resolved_by   integer REFERENCES users(id),
  resolved_at   timestamptz,
  CONSTRAINT bank_lines_in CHECK (direction = 'OUT' OR status IN ('PROPOSED', 'UNMATCHED', 'CREDITED', 'IGNORED')),
  CONSTRAINT bank_lines_out CHECK (direction = 'IN' OR status IN ('OUTGOING', 'IGNORED')),
  CONSTRAINT bank_lines_player CHECK (status NOT IN ('PROPOSED', 'CREDITED') OR user_id IS NOT NULL),
  CONSTRAINT bank_lines_credited CHECK ((status = 'CREDITED') = (deposit_id IS NOT NULL)),
  CONSTRAINT bank_lines_resolved CHECK ((status IN ('CREDITED', 'IGNORED')) = (resolved_at IS NOT NULL AND resolved_by IS NOT NULL)),
  UNIQUE (statement_id, line_no)
);
CREATE INDEX bank_lines_status ON bank_statement_lines (status, id);
CREATE INDEX bank_lines_booked ON bank_statement_lines (booked_at);
CREATE INDEX bank_lines_user ON bank_statement_lines (user_id);
