-- Tournaments (issue 15, docs/tournaments.md): sit & goes and scheduled multi-table tournaments.
-- Money moves only through the ledger: a buy-in goes to the tournament's prize-pool account, the
-- fee to the house (like rake); prizes, refunds and the house's overlay leave or enter that
-- account. Tournament chips are not money: they live in tournament_entries.chips.
CREATE TABLE tournaments (
  id                serial PRIMARY KEY,
  name              text NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('sng', 'mtt')),
  variant           text NOT NULL CHECK (variant IN ('texas', 'omaha')),
  status            text NOT NULL DEFAULT 'registering' CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
  buy_in            bigint NOT NULL CHECK (buy_in > 0),
  fee               bigint NOT NULL CHECK (fee >= 0),
  starting_stack    integer NOT NULL CHECK (starting_stack > 0),
  table_size        integer NOT NULL CHECK (table_size IN (2, 6, 9)),
  min_entrants      integer NOT NULL CHECK (min_entrants >= 2),
  max_entrants      integer NOT NULL CHECK (max_entrants >= min_entrants),
  -- A scheduled tournament starts at starts_at; a sit & go (starts_at NULL) when its seats fill.
  starts_at         timestamptz,
  late_reg_levels   integer NOT NULL DEFAULT 0 CHECK (late_reg_levels >= 0),
  reentry_max       integer NOT NULL DEFAULT 0 CHECK (reentry_max >= 0),
  guarantee         bigint NOT NULL DEFAULT 0 CHECK (guarantee >= 0),
  -- Levels and payout table as data (shared/api/tournaments.ts validates them).
  structure         jsonb NOT NULL,
  payouts           jsonb NOT NULL,
  -- The director's state after its last settled hand (resumed after a crash or a deploy).
  state             jsonb,
  cancel_reason     text,
  created_by        integer REFERENCES users(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  CHECK (kind = 'mtt' OR starts_at IS NULL),
  CHECK (kind = 'sng' OR starts_at IS NOT NULL)
);
CREATE INDEX tournaments_status ON tournaments (status, starts_at);

-- One row per entry (a re-entry is a new row with the next entry_no).
CREATE TABLE tournament_entries (
  id             bigserial PRIMARY KEY,
  tournament_id  integer NOT NULL REFERENCES tournaments(id),
  user_id        integer NOT NULL REFERENCES users(id),
  entry_no       integer NOT NULL DEFAULT 1 CHECK (entry_no >= 1),
  status         text NOT NULL DEFAULT 'registered' CHECK (status IN ('registered', 'playing', 'busted', 'unregistered', 'refunded')),
  -- What this entry paid (so a refund is exact whatever the settings are later).
  paid_buy_in    bigint NOT NULL CHECK (paid_buy_in > 0),
  paid_fee       bigint NOT NULL CHECK (paid_fee >= 0),
  chips          bigint NOT NULL DEFAULT 0 CHECK (chips >= 0),
  place          integer CHECK (place >= 1),
  prize          bigint NOT NULL DEFAULT 0 CHECK (prize >= 0),
  registered_at  timestamptz NOT NULL DEFAULT now(),
  finished_at    timestamptz,
  UNIQUE (tournament_id, user_id, entry_no)
);
CREATE INDEX tournament_entries_user ON tournament_entries (user_id, id);
-- A player holds at most one live entry in a tournament.
CREATE UNIQUE INDEX tournament_entries_live ON tournament_entries (tournament_id, user_id)
  WHERE status IN ('registered', 'playing');

-- The prize pool: an account per tournament.
ALTER TABLE accounts ADD COLUMN tournament_id integer REFERENCES tournaments(id);
ALTER TABLE accounts DROP CONSTRAINT accounts_owner;
ALTER TABLE accounts DROP CONSTRAINT accounts_kind_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_kind_check
  CHECK (kind IN ('available', 'withdrawal_hold', 'table', 'pot', 'bank', 'rake', 'jackpot', 'bots', 'tournament'));
ALTER TABLE accounts ADD CONSTRAINT accounts_owner CHECK (
  (kind IN ('available', 'withdrawal_hold') AND user_id IS NOT NULL AND table_id IS NULL AND tournament_id IS NULL) OR
  (kind = 'table' AND user_id IS NOT NULL AND table_id IS NOT NULL AND tournament_id IS NULL) OR
  (kind = 'pot' AND user_id IS NULL AND table_id IS NOT NULL AND tournament_id IS NULL) OR
  (kind IN ('bank', 'rake', 'jackpot', 'bots') AND user_id IS NULL AND table_id IS NULL AND tournament_id IS NULL) OR
  (kind = 'tournament' AND user_id IS NULL AND table_id IS NULL AND tournament_id IS NOT NULL));
ALTER TABLE accounts DROP CONSTRAINT accounts_unique;
ALTER TABLE accounts ADD CONSTRAINT accounts_unique UNIQUE NULLS NOT DISTINCT (user_id, kind, table_id, tournament_id);
