-- One writer per table of data (docs/architecture.md): the rules the writers keep, kept by the
-- database too, as the ledger's triggers keep money's.

-- A hand's status moves once, from running to settled or voided, and its record is then final.
ALTER TABLE hands ADD CONSTRAINT hands_ended_when_done CHECK ((status = 'running') = (ended_at IS NULL));

CREATE FUNCTION hands_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'running' THEN
    RAISE EXCEPTION 'hand % is %: its record is final', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER hands_final BEFORE UPDATE ON hands FOR EACH ROW EXECUTE FUNCTION hands_final();

-- A tournament moves forward only: registering -> running -> finished, registering -> cancelled.
CREATE FUNCTION tournaments_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'registering' AND NEW.status IN ('running', 'cancelled'))
    OR (OLD.status = 'running' AND NEW.status = 'finished')) THEN
    RAISE EXCEPTION 'tournament % cannot go from % to %', OLD.id, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status IN ('finished', 'cancelled') AND NEW.state IS DISTINCT FROM OLD.state THEN
    RAISE EXCEPTION 'tournament % is %: its state is final', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tournaments_forward BEFORE UPDATE ON tournaments FOR EACH ROW EXECUTE FUNCTION tournaments_forward();

-- What other code read of the director's state by path (state->'core'->'lateReg', state->>'rebuyOpen',
-- state->>'addonOpen'): columns written with the state (tournaments/records.ts saveState).
ALTER TABLE tournaments ADD COLUMN late_reg_open boolean NOT NULL DEFAULT false,
                        ADD COLUMN rebuy_open boolean NOT NULL DEFAULT false,
                        ADD COLUMN addon_open boolean NOT NULL DEFAULT false;
UPDATE tournaments SET late_reg_open = coalesce(jsonb_typeof(state->'core'->'lateReg') = 'object', false),
                       rebuy_open = coalesce((state->>'rebuyOpen')::boolean, false),
                       addon_open = coalesce((state->>'addonOpen')::boolean, false)
  WHERE status = 'running';
ALTER TABLE tournaments ADD CONSTRAINT tournaments_sales_running
  CHECK (status = 'running' OR NOT (late_reg_open OR rebuy_open OR addon_open));
