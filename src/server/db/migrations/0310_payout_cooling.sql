-- Payout details cooling-off: a player who changes bank or account number gets withdrawals to the
-- new details paid only after a waiting time (settings.payoutCoolingHours), so a stolen session
-- cannot redirect money at once and the owner, mailed at the old address, has time to react.

-- When the player last changed bank or account number (null: as registered), and the end of the
-- cooling-off time that change started.
ALTER TABLE users ADD COLUMN payout_changed_at timestamptz;
ALTER TABLE users ADD COLUMN payout_hold_until timestamptz;

-- A withdrawal requested during that time carries its end: approval is refused before it.
ALTER TABLE withdrawals ADD COLUMN hold_until timestamptz;
