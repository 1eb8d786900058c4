-- Fast-fold pools (issue 29, docs/fast-fold.md): a pool for a game and stake whose players are
-- dealt at its tables, which are ordinary poker_tables rows with pool_id set. A player's money in
-- the pool is one ledger account, the table account of the pool's first table (its anchor), so it
-- travels with them and nothing moves when they change tables.
CREATE TABLE fast_fold_pools (
  id               serial PRIMARY KEY,
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  variant          text NOT NULL CHECK (variant IN ('NT', 'PT', 'FT', 'NS', 'PO', 'PO5', 'PO6', 'PO/8', 'FO/8', 'PO5/8', 'FO5/8')),
  small_blind      bigint NOT NULL CHECK (small_blind > 0),
  big_blind        bigint NOT NULL CHECK (big_blind > small_blind),
  min_buy_in       bigint NOT NULL CHECK (min_buy_in >= big_blind),
  max_buy_in       bigint NOT NULL CHECK (max_buy_in >= min_buy_in),
  max_players      integer NOT NULL CHECK (max_players IN (6, 9)),
  rake_percent     double precision NOT NULL DEFAULT 5 CHECK (rake_percent BETWEEN 0 AND 10),
  rake_cap         bigint NOT NULL DEFAULT 0 CHECK (rake_cap >= 0),
  action_time      integer NOT NULL DEFAULT 15 CHECK (action_time BETWEEN 5 AND 120),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at       timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE poker_tables ADD COLUMN pool_id integer REFERENCES fast_fold_pools (id);
CREATE INDEX poker_tables_pool ON poker_tables (pool_id) WHERE pool_id IS NOT NULL;

-- The anchor: the pool's first table, whose table accounts are the players' pool accounts.
ALTER TABLE fast_fold_pools ADD COLUMN anchor_table_id integer REFERENCES poker_tables (id);

-- Who is in a pool (their chips are in the anchor's table account) and how many hands they have
-- been dealt since they last posted a big blind (blinds are never skipped: the longest owed posts).
CREATE TABLE fast_fold_players (
  pool_id    integer NOT NULL REFERENCES fast_fold_pools (id),
  user_id    integer NOT NULL REFERENCES users (id),
  is_bot     boolean NOT NULL DEFAULT false,
  since_bb   integer NOT NULL DEFAULT 0 CHECK (since_bb >= 0),
  joined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (pool_id, user_id)
);
CREATE INDEX fast_fold_players_user ON fast_fold_players (user_id);
