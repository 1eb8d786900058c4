-- Safer play (docs/safer-play.md): a player's own limits, cool-offs and self-exclusions, the age
-- they confirmed at registration, their playing session, and identity checks for withdrawals.

-- One row per player who set anything: the age confirmation (registration), the reminder interval
-- and the playing session the reminders speak of (started at a sit after a 30-minute pause).
CREATE TABLE safer_profiles (
  user_id             integer PRIMARY KEY REFERENCES users(id),
  adult_confirmed_at  timestamptz,
  reminder_minutes    integer NOT NULL DEFAULT 0 CHECK (reminder_minutes BETWEEN 0 AND 1440),
  session_started_at  timestamptz,
  session_active_at   timestamptz
);

-- A limit in force (`amount`, null: none) and a raise or removal waiting for its 24 hours
-- (`pending_from` set: `pending_amount` applies from then, null meaning no limit).
CREATE TABLE safer_limits (
  user_id         integer NOT NULL REFERENCES users(id),
  kind            text NOT NULL CHECK (kind IN ('DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY', 'LOSS_WEEK', 'LOSS_MONTH', 'SESSION_MINUTES')),
  amount          bigint CHECK (amount IS NULL OR amount > 0),
  pending_amount  bigint CHECK (pending_amount IS NULL OR pending_amount > 0),
  pending_from    timestamptz,
  updated_at      timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Cool-offs and self-exclusions; never shortened or deleted (a longer one is a new row).
-- `ends_at` null: permanent. `set_by`: the staff member who recorded it at the player's request.
CREATE TABLE safer_exclusions (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('COOL_OFF', 'SELF_EXCLUSION')),
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz,
  set_by      integer REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX safer_exclusions_user ON safer_exclusions (user_id, id);

-- Identity checks: two images (a document and a selfie, or a document and a bank-account proof)
-- kept here as base64, never under public/, shown only to staff through an authenticated route.
CREATE TABLE identity_checks (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id),
  kind           text NOT NULL CHECK (kind IN ('DOCUMENT_SELFIE', 'BANK_PROOF')),
  status         text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  document_mime  text NOT NULL,
  document       text NOT NULL,
  second_mime    text NOT NULL,
  second         text NOT NULL,
  reason         text,
  reviewed_by    integer REFERENCES users(id),
  reviewed_at    timestamptz,
  created_at     timestamptz NOT NULL
);
CREATE INDEX identity_checks_user ON identity_checks (user_id, id);
CREATE INDEX identity_checks_status ON identity_checks (status, id);
