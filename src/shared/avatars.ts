// The fixed set of avatars a player may choose in the profile (docs/table.md, Avatars). The one
// list of ids: the contract checks a profile change against it (api/user.ts), the apps draw each
// one (ui/avatars), and anything else, or none, shows the initials. Plain data, no zod, so the
// table's bundle can import it. Ids are stored as they are (users.avatar, at most
// AVATAR_ID_MAX_LENGTH characters): rename none; a retired one simply falls back to the initials.

export const AVATAR_IDS = ['horse', 'eagle', 'leopard', 'yak', 'camel', 'wolf', 'ger', 'sun', 'moon', 'mountain', 'deer', 'fox'] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

/** The database bounds the column to this length (migration 0630); the set itself lives only here. */
export const AVATAR_ID_MAX_LENGTH = 32;

const KNOWN: ReadonlySet<string> = new Set(AVATAR_IDS);

/** True for an id of the set; false for null, an unknown or a retired id (the initials are shown). */
export function isAvatarId(value: unknown): value is AvatarId {
  return typeof value === 'string' && KNOWN.has(value);
}
