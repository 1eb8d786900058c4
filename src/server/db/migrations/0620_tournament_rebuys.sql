-- Rebuys and the add-on (docs/tournaments.md, Rebuys and add-on). While rebuys are open (to the
-- end of `rebuy_levels` blind levels, never past late registration) a player still in with at most
-- the starting stack may buy another starting stack, up to `rebuy_max` times per entry; during the
-- last rebuy level each entry may take one add-on of `addon_chips`. Each costs the buy-in (to the
-- prize pool) and the fee (to the house), paid through the ledger in the purchase's transaction;
-- the director adds the chips at the player's next hand boundary and marks the purchase applied,
-- or refunds it exactly if the entry is out by then.
ALTER TABLE tournaments ADD COLUMN rebuy_levels integer NOT NULL DEFAULT 0 CHECK (rebuy_levels >= 0);
ALTER TABLE tournaments ADD COLUMN rebuy_max integer NOT NULL DEFAULT 0 CHECK (rebuy_max >= 0);
ALTER TABLE tournaments ADD COLUMN addon_chips integer NOT NULL DEFAULT 0 CHECK (addon_chips >= 0);

CREATE TABLE tournament_purchases (
  id             bigserial PRIMARY KEY,
  tournament_id  integer NOT NULL REFERENCES tournaments(id),
  entry_id       bigint NOT NULL REFERENCES tournament_entries(id),
  user_id        integer NOT NULL REFERENCES users(id),
  kind           text NOT NULL CHECK (kind IN ('rebuy', 'addon')),
  chips          bigint NOT NULL CHECK (chips > 0),
  paid_buy_in    bigint NOT NULL CHECK (paid_buy_in > 0),
  paid_fee       bigint NOT NULL CHECK (paid_fee >= 0),
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'refunded')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tournament_purchases_pending ON tournament_purchases (tournament_id) WHERE status = 'pending';
CREATE INDEX tournament_purchases_entry ON tournament_purchases (entry_id);
-- One add-on per entry.
CREATE UNIQUE INDEX tournament_purchases_addon ON tournament_purchases (entry_id) WHERE kind = 'addon' AND status <> 'refunded';
