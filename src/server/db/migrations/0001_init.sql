-- Initial schema: users, the double-entry ledger, money flows, tables, content, chat.
-- Amounts are integer tugrik (BIGINT). Only the house 'bank' account may go negative.

CREATE TABLE users (
  id              serial PRIMARY KEY,
  username        text NOT NULL,
  email           text NOT NULL,
  password_hash   text NOT NULL,
  role            text NOT NULL DEFAULT 'PLAYER' CHECK (role IN ('ADMIN', 'PLAYER')),
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  bank            text NOT NULL,
  account_number  text NOT NULL,
  deposit_code    text NOT NULL UNIQUE,
  token_version   integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_login_at   timestamptz,
  deleted_at      timestamptz
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
CREATE INDEX users_created_at ON users (created_at);

-- Failed-login throttle keyed by the lower-cased name typed, whether or not such a user exists,
-- so that unknown and known names behave alike.
CREATE TABLE login_throttle (
  username_lower  text PRIMARY KEY,
  failed_count    integer NOT NULL DEFAULT 0,
  window_start    timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz
);

CREATE TABLE password_resets (
  token_hash  text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id);

CREATE TABLE poker_tables (
  id               serial PRIMARY KEY,
  name             text NOT NULL,
  variant          text NOT NULL CHECK (variant IN ('texas', 'omaha')),
  small_blind      bigint NOT NULL CHECK (small_blind > 0),
  big_blind        bigint NOT NULL CHECK (big_blind > small_blind),
  min_buy_in       bigint NOT NULL CHECK (min_buy_in >= big_blind),
  max_buy_in       bigint NOT NULL CHECK (max_buy_in >= min_buy_in),
  max_players      integer NOT NULL CHECK (max_players BETWEEN 2 AND 9),
  rake_percent     double precision NOT NULL DEFAULT 5 CHECK (rake_percent BETWEEN 0 AND 10),
  rake_cap         bigint NOT NULL DEFAULT 0 CHECK (rake_cap >= 0),
  action_time      integer NOT NULL DEFAULT 20 CHECK (action_time BETWEEN 5 AND 120),
  jackpot_percent  double precision NOT NULL DEFAULT 1 CHECK (jackpot_percent BETWEEN 0 AND 10),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz
);

-- Who sits where. Filled by the live tables (next issue); tables with rows here cannot be deleted.
CREATE TABLE table_seats (
  table_id   integer NOT NULL REFERENCES poker_tables(id),
  seat       integer NOT NULL CHECK (seat BETWEEN 0 AND 8),
  user_id    integer NOT NULL REFERENCES users(id),
  is_bot     boolean NOT NULL DEFAULT false,
  joined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, seat),
  UNIQUE (table_id, user_id)
);

-- One row per dealt hand (filled by the live tables).
CREATE TABLE hands (
  id           bigserial PRIMARY KEY,
  table_id     integer NOT NULL REFERENCES poker_tables(id),
  hand_number  integer NOT NULL,
  started_at   timestamptz NOT NULL DEFAULT now(),
  ended_at     timestamptz,
  seed_hash    text NOT NULL,
  seed         text,
  phh          text,
  summary      jsonb,
  status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'settled', 'voided')),
  UNIQUE (table_id, hand_number)
);

-- Ledger accounts. Per user: 'available', 'withdrawal_hold', 'table' (one per table).
-- House (no owner): 'bank' (outside world), 'rake', 'jackpot', 'bots'; 'pot' is a per-table
-- house account the live tables may use while settling a hand.
CREATE TABLE accounts (
  id          serial PRIMARY KEY,
  user_id     integer REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('available', 'withdrawal_hold', 'table', 'pot', 'bank', 'rake', 'jackpot', 'bots')),
  table_id    integer REFERENCES poker_tables(id),
  balance     bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accounts_non_negative CHECK (balance >= 0 OR kind = 'bank'),
  CONSTRAINT accounts_owner CHECK (
    (kind IN ('available', 'withdrawal_hold') AND user_id IS NOT NULL AND table_id IS NULL) OR
    (kind = 'table' AND user_id IS NOT NULL AND table_id IS NOT NULL) OR
    (kind = 'pot' AND user_id IS NULL AND table_id IS NOT NULL) OR
    (kind IN ('bank', 'rake', 'jackpot', 'bots') AND user_id IS NULL AND table_id IS NULL)),
  CONSTRAINT accounts_unique UNIQUE NULLS NOT DISTINCT (user_id, kind, table_id)
);

INSERT INTO accounts (kind) VALUES ('bank'), ('rake'), ('jackpot'), ('bots');

-- Immutable transfers: each one moves `amount` from the debit account to the credit account.
CREATE TABLE transfers (
  id                 bigserial PRIMARY KEY,
  idempotency_key    text NOT NULL UNIQUE,
  debit_account_id   integer NOT NULL REFERENCES accounts(id),
  credit_account_id  integer NOT NULL REFERENCES accounts(id),
  amount             bigint NOT NULL CHECK (amount > 0),
  kind               text NOT NULL,
  reference          text,
  table_id           integer,
  hand_id            bigint,
  actor_user_id      integer REFERENCES users(id),
  reason             text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX transfers_debit ON transfers (debit_account_id, id);
CREATE INDEX transfers_credit ON transfers (credit_account_id, id);
CREATE INDEX transfers_kind_created ON transfers (kind, created_at);

CREATE FUNCTION transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transfers are immutable' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER transfers_no_update BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION transfers_immutable();
CREATE TRIGGER transfers_no_truncate BEFORE TRUNCATE ON transfers
  FOR EACH STATEMENT EXECUTE FUNCTION transfers_immutable();

CREATE TABLE deposits (
  id               serial PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  user_id          integer NOT NULL REFERENCES users(id),
  amount           bigint NOT NULL CHECK (amount > 0),
  note             text,
  created_by       integer REFERENCES users(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  idempotency_key  text UNIQUE,
  transfer_id      bigint REFERENCES transfers(id)
);
CREATE INDEX deposits_user ON deposits (user_id, id);
CREATE INDEX deposits_created ON deposits (created_at);

CREATE TABLE withdrawals (
  id               serial PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  user_id          integer NOT NULL REFERENCES users(id),
  amount           bigint NOT NULL CHECK (amount > 0),
  status           text NOT NULL DEFAULT 'NOT_APPROVED' CHECK (status IN ('NOT_APPROVED', 'APPROVED', 'REJECTED')),
  bank             text NOT NULL,
  account_number   text NOT NULL,
  requested_at     timestamptz NOT NULL DEFAULT now(),
  resolved_by      integer REFERENCES users(id),
  resolved_at      timestamptz,
  reject_reason    text,
  idempotency_key  text,
  hold_transfer_id     bigint REFERENCES transfers(id),
  resolve_transfer_id  bigint REFERENCES transfers(id),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id);
CREATE INDEX withdrawals_status ON withdrawals (status, id);

CREATE TABLE blocks (
  name        text PRIMARY KEY,
  content_en  text NOT NULL,
  content_mn  text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings (
  id     integer PRIMARY KEY CHECK (id = 1),
  value  jsonb NOT NULL
);

CREATE TABLE chat_messages (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id),
  table_id    integer REFERENCES poker_tables(id),
  text        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_table ON chat_messages (table_id, id);
