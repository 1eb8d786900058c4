-- Fair dealing without disclosure: a hand keeps, from its start, the commitment to its dealt
-- cards (Merkle root over the salted deck) and the players' entropy mixed into the shuffle.
-- `seed` (written at settlement) now holds the server seed whose SHA-256 is `seed_hash`; the deck
-- seed is SHA-256(seed || entropy...). Hands from before this migration have no cards_root:
-- their `seed` is the old deck seed. Neither is ever shown to players (only to administrators),
-- except where it reveals no card that was not shown (src/server/services/hand-history.ts).
ALTER TABLE hands ADD COLUMN cards_root text;
ALTER TABLE hands ADD COLUMN entropy jsonb NOT NULL DEFAULT '[]'::jsonb;
