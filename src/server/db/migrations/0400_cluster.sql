-- Several server instances on one database (docs/deploy.md). Each table has one owner at a time,
-- through a lease; the epoch grows at every takeover and every table write carries the writer's
-- epoch, so an owner that was paused or cut off cannot move a chip after another took over.
CREATE TABLE table_leases (
  table_id   integer PRIMARY KEY REFERENCES poker_tables(id),
  owner      text NOT NULL,
  epoch      bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  -- (table_id, epoch) is a key: a takeover (epoch + 1) is a key update, which waits for every
  -- in-flight fenced write holding KEY SHARE on the row; a renewal (expires_at only) does not.
  UNIQUE (table_id, epoch)
);

-- Live instances (heartbeats): tables are spread over those not draining.
CREATE TABLE instances (
  id         text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at    timestamptz NOT NULL DEFAULT now(),
  draining   boolean NOT NULL DEFAULT false
);

ALTER TABLE hands ADD COLUMN epoch bigint;
ALTER TABLE hands ADD COLUMN button integer;
ALTER TABLE transfers ADD COLUMN epoch bigint;
ALTER TABLE table_seats ADD COLUMN epoch bigint;
-- House bots under simulation survive a takeover.
ALTER TABLE poker_tables ADD COLUMN simulation boolean NOT NULL DEFAULT false;

-- The fence: a row written with an epoch must carry the table's current one. KEY SHARE holds the
-- lease row until the write commits, so a takeover cannot slip in between the check and the commit.
CREATE FUNCTION table_fence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.epoch IS NOT NULL THEN
    PERFORM 1 FROM table_leases WHERE table_id = NEW.table_id AND epoch = NEW.epoch FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'stale table epoch % for table %', NEW.epoch, NEW.table_id USING ERRCODE = 'PF001';
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER hands_fence BEFORE INSERT OR UPDATE ON hands FOR EACH ROW EXECUTE FUNCTION table_fence();
CREATE TRIGGER transfers_fence BEFORE INSERT ON transfers FOR EACH ROW EXECUTE FUNCTION table_fence();
CREATE TRIGGER table_seats_fence BEFORE INSERT OR UPDATE ON table_seats FOR EACH ROW EXECUTE FUNCTION table_fence();
