-- For the regulars (issue 33, docs/player.md): private notes and colour tags a player keeps on
-- opponents, and the browsers that asked for web push. Both belong to the author only.
CREATE TABLE player_notes (
  owner_id integer NOT NULL REFERENCES users (id),
  target_id integer NOT NULL REFERENCES users (id),
  -- A colour from the contract's fixed list (shared/api/regulars.ts NOTE_TAGS), or none.
  tag text CHECK (tag IS NULL OR char_length(tag) BETWEEN 1 AND 16),
  note text NOT NULL CHECK (char_length(note) <= 1000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, target_id),
  CHECK (owner_id <> target_id),
  CHECK (tag IS NOT NULL OR note <> '')
);

-- One row per browser (its push endpoint): what it wants to be told and in which language. A
-- row the push service answers 404 or 410 for is deleted (the browser dropped it).
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  endpoint text NOT NULL UNIQUE CHECK (char_length(endpoint) <= 2048),
  p256dh text NOT NULL,
  auth text NOT NULL,
  kinds jsonb NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'mn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
