-- Every game at the tables (issue 29, docs/table.md "Games and options"): a table's and a
-- tournament's game is the engine's game code (src/poker/engine/games.ts); the two old names map
-- onto their codes. A cash table's options: an ante from everyone, a straddle the player in that
-- position posts (under the gun or on the button), run it twice offered at an all-in, and a bomb
-- pot every N hands (0: never).
ALTER TABLE poker_tables DROP CONSTRAINT IF EXISTS poker_tables_variant_check;
UPDATE poker_tables SET variant = CASE variant WHEN 'texas' THEN 'NT' WHEN 'omaha' THEN 'PO' ELSE variant END;
ALTER TABLE poker_tables ADD CONSTRAINT poker_tables_variant_check
  CHECK (variant IN ('NT', 'PT', 'FT', 'NS', 'PO', 'PO5', 'PO6', 'PO/8', 'FO/8', 'PO5/8', 'FO5/8'));
ALTER TABLE poker_tables
  ADD COLUMN ante bigint NOT NULL DEFAULT 0 CHECK (ante >= 0),
  ADD COLUMN straddle text NOT NULL DEFAULT 'off' CHECK (straddle IN ('off', 'utg', 'button')),
  ADD COLUMN run_it_twice boolean NOT NULL DEFAULT false,
  ADD COLUMN bomb_pot_every integer NOT NULL DEFAULT 0 CHECK (bomb_pot_every BETWEEN 0 AND 1000);

ALTER TABLE tournaments DROP CONSTRAINT IF EXISTS tournaments_variant_check;
UPDATE tournaments SET variant = CASE variant WHEN 'texas' THEN 'NT' WHEN 'omaha' THEN 'PO' ELSE variant END;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_variant_check
  CHECK (variant IN ('NT', 'PT', 'FT', 'NS', 'PO', 'PO5', 'PO6', 'PO/8', 'FO/8', 'PO5/8', 'FO5/8'));
