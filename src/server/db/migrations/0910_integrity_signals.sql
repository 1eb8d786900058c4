-- Three more integrity signals (docs/integrity.md): a pair squeezing a third player between
-- them, chip dumping in tournaments, and a new account's deposit passed on to another.
ALTER TABLE integrity_alerts DROP CONSTRAINT integrity_alerts_kind_check;
ALTER TABLE integrity_alerts ADD CONSTRAINT integrity_alerts_kind_check
  CHECK (kind IN ('chip_dumping', 'soft_play', 'linked_accounts', 'bot', 'squeeze', 'tournament_dumping', 'deposit_passing'));
