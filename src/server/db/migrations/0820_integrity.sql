-- Game integrity (issue 30, docs/integrity.md): the job's running sums, where it stopped, the
-- sign-in traces for linked accounts, the alerts it raises, the cases staff work and the
-- standing (warned, restricted, frozen, closed) they put accounts in, restitution with four eyes.

-- Where the job stopped: the last hand it counted (one row; locked while a batch runs).
CREATE TABLE integrity_cursor (
  id            integer PRIMARY KEY CHECK (id = 1),
  last_hand_id  bigint NOT NULL DEFAULT 0,
  total_hands   bigint NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO integrity_cursor (id) VALUES (1);

-- Per player, game and stake (big blind; 0 for tournament chips): counters (integrity/counters.ts).
CREATE TABLE integrity_player_stats (
  user_id    integer NOT NULL REFERENCES users(id),
  game       text NOT NULL,
  big_blind  bigint NOT NULL,
  hands      integer NOT NULL,
  counters   jsonb NOT NULL,
  PRIMARY KEY (user_id, game, big_blind)
);

-- Per player: play time, sessions, tables at once.
CREATE TABLE integrity_activity (
  user_id   integer PRIMARY KEY REFERENCES users(id),
  activity  jsonb NOT NULL
);

-- Per player and UTC day: hands and result in money (the player's graph).
CREATE TABLE integrity_player_days (
  user_id  integer NOT NULL REFERENCES users(id),
  day      text NOT NULL,
  hands    integer NOT NULL,
  net      bigint NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- Per pair of players (user_a < user_b).
CREATE TABLE integrity_pairs (
  user_a    integer NOT NULL REFERENCES users(id),
  user_b    integer NOT NULL REFERENCES users(id),
  together  integer NOT NULL,
  counters  jsonb NOT NULL,
  PRIMARY KEY (user_a, user_b),
  CHECK (user_a < user_b)
);
CREATE INDEX integrity_pairs_b ON integrity_pairs (user_b);

-- Every sign-in's address and the device id the app keeps (linked accounts), one row per
-- distinct (user, address, device) with the last time seen.
CREATE TABLE integrity_logins (
  user_id    integer NOT NULL REFERENCES users(id),
  ip         text NOT NULL DEFAULT '',
  device     text NOT NULL DEFAULT '',
  first_at   timestamptz NOT NULL DEFAULT now(),
  last_at    timestamptz NOT NULL DEFAULT now(),
  count      integer NOT NULL DEFAULT 1,
  PRIMARY KEY (user_id, ip, device)
);
CREATE INDEX integrity_logins_ip ON integrity_logins (ip);
CREATE INDEX integrity_logins_device ON integrity_logins (device);

-- An alert per signal and subject (a player, a pair), kept up to date by the job.
CREATE TABLE integrity_alerts (
  id          bigserial PRIMARY KEY,
  signal_key  text NOT NULL UNIQUE,
  kind        text NOT NULL CHECK (kind IN ('chip_dumping', 'soft_play', 'linked_accounts', 'bot')),
  user_ids    jsonb NOT NULL,
  score       integer NOT NULL CHECK (score BETWEEN 0 AND 100),
  evidence    jsonb NOT NULL,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'case')),
  case_id     bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integrity_alerts_score ON integrity_alerts (status, score DESC);
CREATE INDEX integrity_alerts_users ON integrity_alerts USING gin (user_ids jsonb_path_ops);

-- Cases staff work: the accounts concerned, an assignee, a status and notes.
CREATE TABLE integrity_cases (
  id           bigserial PRIMARY KEY,
  title        text NOT NULL,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'investigating', 'actioned', 'closed')),
  user_ids     jsonb NOT NULL,
  assignee_id  integer REFERENCES users(id),
  created_by   integer NOT NULL REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE integrity_alerts ADD CONSTRAINT integrity_alerts_case FOREIGN KEY (case_id) REFERENCES integrity_cases(id);

CREATE TABLE integrity_case_notes (
  id          bigserial PRIMARY KEY,
  case_id     bigint NOT NULL REFERENCES integrity_cases(id),
  author_id   integer NOT NULL REFERENCES users(id),
  text        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integrity_case_notes_case ON integrity_case_notes (case_id, id);

-- An account's standing from a case: warned (recorded only), restricted (no tables, no
-- withdrawals), frozen (also pending withdrawals held), closed (nothing at all). Absent: good.
CREATE TABLE integrity_standing (
  user_id     integer PRIMARY KEY REFERENCES users(id),
  standing    text NOT NULL CHECK (standing IN ('warned', 'restricted', 'frozen', 'closed')),
  reason      text NOT NULL,
  case_id     bigint REFERENCES integrity_cases(id),
  set_by      integer NOT NULL REFERENCES users(id),
  set_at      timestamptz NOT NULL DEFAULT now()
);

-- Restitution: money from the offender's balance to the players they took it from. Proposed by
-- one administrator, paid when a second one approves (transfers keyed restitution:<id>:<user>).
CREATE TABLE integrity_restitutions (
  id           bigserial PRIMARY KEY,
  case_id      bigint NOT NULL REFERENCES integrity_cases(id),
  offender_id  integer NOT NULL REFERENCES users(id),
  payments     jsonb NOT NULL,
  total        bigint NOT NULL CHECK (total > 0),
  reason       text NOT NULL,
  status       text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'paid', 'rejected')),
  proposed_by  integer NOT NULL REFERENCES users(id),
  proposed_at  timestamptz NOT NULL DEFAULT now(),
  resolved_by  integer REFERENCES users(id),
  resolved_at  timestamptz,
  CHECK (resolved_by IS NULL OR resolved_by <> proposed_by)
);
CREATE INDEX integrity_restitutions_case ON integrity_restitutions (case_id, id);
