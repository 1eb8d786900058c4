// Issue 33's calls (docs/player.md): private notes and colour tags on opponents, the hand history's
// search and its PHH download, and web push. All but the download are in the route table
// (routes.ts); the download is a streamed file served beside it, as /user/hand/export.phhs is.
// The player app calls them through src/player/api/regularsApi.ts; the msw mocks answer them
// (mocks/regulars-handlers.ts).
import { z } from 'zod';
import { Id, IsoDate, ListQuery, listOf, Ok } from './common';
import { Variant } from './enums';
import type { RouteDef } from './routes';

const USER = '/api/v1/user';
const r = <T extends RouteDef>(def: T) => def;

// ---- notes and colour tags on opponents ----

/** A tag is a colour; what it means is the player's (a "fish", a "nit"...), written in the note. */
export const NOTE_TAGS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export const NoteTag = z.enum(NOTE_TAGS);
export type NoteTag = z.infer<typeof NoteTag>;
export const NOTE_MAX = 1000;

/** One opponent as the player marked them: visible to that player only. */
export const PlayerNote = z.object({
  userId: z.number().int(),
  username: z.string(),
  tag: NoteTag.nullable(),
  note: z.string().max(NOTE_MAX),
  updatedAt: IsoDate,
});
export type PlayerNote = z.infer<typeof PlayerNote>;
/** Every note of the caller (a regular's few hundred at most: one call, kept by the app). */
export const PlayerNoteList = z.object({ items: z.array(PlayerNote) });
export const NoteUserParams = z.object({ userId: Id });
/** Sets both (an empty note with a tag, or a note without one); DELETE removes them. */
export const PutNoteBody = z
  .object({ tag: NoteTag.nullable(), note: z.string().trim().max(NOTE_MAX) })
  .strict()
  .refine((b) => b.tag !== null || b.note !== '', { message: 'A note or a tag (DELETE removes both)', path: ['note'] });
export type PutNoteBody = z.infer<typeof PutNoteBody>;

// ---- the hand history's search ----

/** Seats named from the button: heads-up has BTN (the small blind) and BB. */
export const POSITIONS = ['BTN', 'SB', 'BB', 'UTG', 'UTG1', 'UTG2', 'LJ', 'HJ', 'CO'] as const;
export const Position = z.enum(POSITIONS);
export type Position = z.infer<typeof Position>;
export const RESULTS = ['won', 'lost', 'even'] as const;
export const HandResult = z.enum(RESULTS);
export type HandResult = z.infer<typeof HandResult>;

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'No such day');
/**
 * Hole cards: two exact cards ("AhKd", either order), or a class as players write it: a pair
 * ("QQ"), suited ("AKs"), offsuit ("AKo") or either ("AK"). Ranks upper case, suits lower case.
 */
export const HOLE_CARDS_RE = /^(?:[2-9TJQKA][shdc][2-9TJQKA][shdc]|[2-9TJQKA]{2}[so]?)$/;
export const HoleCardsFilter = z
  .string()
  .regex(HOLE_CARDS_RE, 'Cards like AhKd, QQ, AKs, AKo or AK')
  .refine((c) => !(c.length === 3 && c[0] === c[1]), 'A pair is neither suited nor offsuit')
  .refine((c) => c.length !== 4 || c.slice(0, 2) !== c.slice(2), 'Two different cards');
const Chips = z.coerce.number().int().min(0).max(1_000_000_000_000);

/** The filters (all optional; days are UTC, inclusive). Shared by the search and its download. */
export const HandFilters = z.object({
  from: Day.optional(),
  to: Day.optional(),
  variant: Variant.optional(),
  /** The stake by its big blind. */
  bigBlind: Id.optional(),
  position: Position.optional(),
  cards: HoleCardsFilter.optional(),
  result: HandResult.optional(),
  /** The whole pot at the end of the hand, in tugrik. */
  minPot: Chips.optional(),
  maxPot: Chips.optional(),
});
const filtersInOrder = <T extends z.infer<typeof HandFilters>>(q: T) =>
  (!q.from || !q.to || q.from <= q.to) && (q.minPot === undefined || q.maxPot === undefined || q.minPot <= q.maxPot);
const ORDER_MESSAGE = { message: 'A range ends before it starts', path: ['from'] };
export const HandSearchQuery = ListQuery.extend(HandFilters.shape).strict().refine(filtersInOrder, ORDER_MESSAGE);
export type HandSearchQuery = z.infer<typeof HandSearchQuery>;
export const HandExportQuery = HandFilters.strict().refine(filtersInOrder, ORDER_MESSAGE);
export type HandFilters = z.infer<typeof HandFilters>;

/** One hand found, newest first: what the list shows; the replayer opens it with GET /user/hand/:handId. */
export const HandSearchRow = z.object({
  handId: z.number().int(),
  tableId: z.number().int(),
  tableName: z.string(),
  handNumber: z.number().int(),
  startedAt: IsoDate,
  variant: Variant,
  smallBlind: z.number().int(),
  bigBlind: z.number().int(),
  position: Position.nullable(),
  /** The player's own cards (always theirs to see). */
  holeCards: z.array(z.string()).nullable(),
  /** Won minus put in, in tugrik. */
  net: z.number().int(),
  pot: z.number().int(),
});
export type HandSearchRow = z.infer<typeof HandSearchRow>;
export const HandSearchList = listOf(HandSearchRow);

/** The download: the filtered hands as one .phhs file (oldest first), streamed like the whole history's. */
export const HAND_SEARCH_EXPORT_PATH = `${USER}/hand/search/export.phhs`;

// ---- web push ----

/** What a player may be told: a tournament they registered for starts, their turn at a table they are not looking at, a deposit or withdrawal done. */
export const PUSH_KINDS = ['tournamentStart', 'yourTurn', 'cashier'] as const;
export const PushKind = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof PushKind>;

/** The server's VAPID public key (base64url, as PushManager.subscribe takes it); 404 PUSH_DISABLED without keys. */
export const PushKey = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/) });
const Base64Url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/)
    .min(min)
    .max(max);
/** A browser's subscription (PushSubscription.toJSON()), the kinds it wants and the language to word them in. Upserted by endpoint. */
export const PushSubscriptionBody = z
  .object({
    endpoint: z.string().url().startsWith('https://').max(2048),
    expirationTime: z.number().int().nullable().optional(),
    keys: z.object({ p256dh: Base64Url(80, 100), auth: Base64Url(16, 32) }).strict(),
    kinds: z
      .array(PushKind)
      .min(1)
      .max(PUSH_KINDS.length)
      .refine((k) => new Set(k).size === k.length, 'Each kind once'),
    language: z.enum(['en', 'mn']),
  })
  .strict();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;
export const PushSubscriptionAnswer = z.object({ endpoint: z.string(), kinds: z.array(PushKind) });
export const PushEndpointQuery = z.object({ endpoint: z.string().url().max(2048) });

/** What a push message carries (the service worker shows it): already worded in the subscription's language. */
export const PushPayload = z.object({
  kind: PushKind,
  title: z.string().max(120),
  body: z.string().max(400),
  /** A path of the player app to open (/tournament/12, /table/7, /profile?tab=withdraw). */
  url: z.string().startsWith('/').max(300),
  /** Messages with one tag replace each other (one "your turn" per table). */
  tag: z.string().max(60).optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;

export const regularsRoutes = {
  notes: r({ method: 'GET', path: `${USER}/notes`, access: 'user', response: PlayerNoteList }),
  putNote: r({ method: 'PUT', path: `${USER}/notes/:userId`, access: 'user', params: NoteUserParams, body: PutNoteBody, response: PlayerNote }),
  deleteNote: r({ method: 'DELETE', path: `${USER}/notes/:userId`, access: 'user', params: NoteUserParams, response: Ok }),
  handSearch: r({ method: 'GET', path: `${USER}/hand/search`, access: 'user', query: HandSearchQuery, response: HandSearchList }),
  /** Streams text/plain (a .phhs file) with the x-hand-count header, as /user/hand/export.phhs does. */
  handSearchExport: r({ method: 'GET', path: HAND_SEARCH_EXPORT_PATH, access: 'user', query: HandExportQuery, response: z.string() }),
  pushKey: r({ method: 'GET', path: `${USER}/push/key`, access: 'user', response: PushKey }),
  putPushSubscription: r({
    method: 'PUT',
    path: `${USER}/push/subscription`,
    access: 'user',
    body: PushSubscriptionBody,
    response: PushSubscriptionAnswer,
  }),
  deletePushSubscription: r({ method: 'DELETE', path: `${USER}/push/subscription`, access: 'user', query: PushEndpointQuery, response: Ok }),
};
export type RegularsRouteName = keyof typeof regularsRoutes;
