-- Player avatars (docs/table.md, Avatars): the id of the picture the player chose from the fixed
-- set in src/shared/avatars.ts, or null for the initials. The contract checks the id against the
-- set on every change; the database only bounds its length, so adding a picture to the set (or
-- retiring one: the apps then show the initials) needs no migration.
ALTER TABLE users ADD COLUMN avatar text CHECK (avatar IS NULL OR char_length(avatar) BETWEEN 1 AND 32);
