-- Tournament play (issue 15, docs/tournaments.md "Server"). A tournament's tables are rows of
-- poker_tables with tournament_id set, so hands, histories, PHH and the table screen work as at
-- cash tables; the cash lobby, the back office's table list and the table leases skip them. Their
-- chips are not money: hands there move no ledger money; chip counts live in tournament_entries.
ALTER TABLE poker_tables ADD COLUMN tournament_id integer REFERENCES tournaments(id);
CREATE INDEX poker_tables_tournament ON poker_tables (tournament_id) WHERE tournament_id IS NOT NULL;

-- One director per running tournament, owned like a table: a lease whose epoch grows at every
-- takeover. Every write of the director (the tournament's state, its entries, its hands) runs in
-- a transaction that first holds this row at its epoch (FOR KEY SHARE), so a stale director's
-- write fails and a takeover waits for a write in flight.
CREATE TABLE tournament_leases (
  tournament_id integer PRIMARY KEY REFERENCES tournaments(id),
  owner         text NOT NULL,
  epoch         bigint NOT NULL,
  expires_at    timestamptz NOT NULL,
  UNIQUE (tournament_id, epoch)
);
