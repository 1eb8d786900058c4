-- Sign-in security: e-mail confirmation, throttling by account and source, second factor.

-- E-mail addresses are confirmed by a mailed link. Users that exist already count as confirmed.
-- Only confirmed addresses are unique: a new account may hold someone else's address as
-- unconfirmed (registration answers alike whether an address is taken); it becomes that account's
-- address only when confirmed, which the unique index refuses while someone else holds it.
ALTER TABLE users ADD COLUMN email_confirmed boolean NOT NULL DEFAULT true;
DROP INDEX users_email_lower;
CREATE UNIQUE INDEX users_email_lower ON users (lower(email)) WHERE email_confirmed;
CREATE INDEX users_email_lower_any ON users (lower(email));

-- A changed address is unconfirmed until its link is opened, whoever changes it.
CREATE FUNCTION users_email_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.email_confirmed := false;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_email_unconfirmed BEFORE UPDATE OF email ON users
  FOR EACH ROW WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email)) EXECUTE FUNCTION users_email_changed();

-- Confirmation links: only the SHA-256 of the token is stored; `email` is the address the link
-- confirms (a link for an address the user has since changed confirms nothing).
CREATE TABLE email_confirmations (
  token_hash  text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id),
  email       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX email_confirmations_user ON email_confirmations (user_id);

-- Failed sign-ins per (typed name, source address), known name or not: each failure past the
-- first few makes that pair wait twice as long as the last time, up to a cap.
CREATE TABLE login_failures (
  username_lower   text NOT NULL,
  source           text NOT NULL,
  failures         integer NOT NULL,
  last_failure_at  timestamptz NOT NULL,
  blocked_until    timestamptz NOT NULL,
  PRIMARY KEY (username_lower, source)
);
CREATE INDEX login_failures_last ON login_failures (last_failure_at);

-- login_throttle is now the per-account ceiling for sources the account never signed in from:
-- too many failures from such sources within the window pause them all (never the sources in
-- login_sources). alerted_at: when the owner was last mailed about it. Old locks end here.
DELETE FROM login_throttle;
ALTER TABLE login_throttle ADD COLUMN alerted_at timestamptz;

-- The sources of each user's latest successful sign-ins (a few per user).
CREATE TABLE login_sources (
  user_id          integer NOT NULL REFERENCES users(id),
  source           text NOT NULL,
  last_success_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, source)
);

-- Second factor (TOTP, RFC 6238) for staff. enabled_at is null while being set up;
-- last_time_step refuses a code used before (replay).
CREATE TABLE user_totp (
  user_id         integer PRIMARY KEY REFERENCES users(id),
  secret          text NOT NULL,
  enabled_at      timestamptz,
  last_time_step  bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- One-time recovery codes, SHA-256 only.
CREATE TABLE user_recovery_codes (
  user_id    integer NOT NULL REFERENCES users(id),
  code_hash  text NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
