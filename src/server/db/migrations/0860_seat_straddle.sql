-- A player's straddle choice is kept with their seat, so a table taken over by another instance
-- (a deploy, a crash) goes on straddling for those who asked (it was held in memory only).
ALTER TABLE table_seats ADD COLUMN straddle boolean NOT NULL DEFAULT false;
