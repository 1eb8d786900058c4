-- Live tables: house bots are users flagged as bots (badged everywhere, funded from the house
-- 'bots' account); hands keep the stacks they started from so a crash can void them.
ALTER TABLE users ADD COLUMN is_bot boolean NOT NULL DEFAULT false;
ALTER TABLE hands ADD COLUMN start_stacks jsonb;
ALTER TABLE hands ADD COLUMN void_reason text;
CREATE INDEX hands_status ON hands (status) WHERE status = 'running';
CREATE INDEX hands_table_ended ON hands (table_id, id DESC);
CREATE INDEX transfers_hand ON transfers (hand_id) WHERE hand_id IS NOT NULL;

-- Who played each hand: a player's own hand list and history download.
CREATE TABLE hand_players (
  hand_id   bigint NOT NULL REFERENCES hands(id),
  user_id   integer NOT NULL REFERENCES users(id),
  seat      integer NOT NULL,
  PRIMARY KEY (hand_id, user_id)
);
CREATE INDEX hand_players_user ON hand_players (user_id, hand_id DESC);
