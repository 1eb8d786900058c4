-- ledger_abort(message) raises an error, so a single-statement ledger batch can abort itself
-- (and roll back every part of the statement) when its idempotency keys were partly used before.
CREATE OR REPLACE FUNCTION ledger_abort(message text) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = message;
END
$$;
