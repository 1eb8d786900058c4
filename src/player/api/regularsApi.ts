// The player's calls to the regulars' routes of issue 33 (src/shared/api/regulars.ts); the msw
// mocks answer them in tests. Paths are copied as strings, as in paths.ts, so no zod schema comes
// with the page (tests/player/regulars-api.test.ts checks them against the route table).
import type { HandFilters, HandSearchRow, PlayerNote, PushKind, PushSubscriptionBody, PutNoteBody } from '../../shared/api/regulars';
import type { List, Ok } from '../../shared/api';
import { buildUrl, http, type Query } from '../../shared/http';
import { fill, USER } from './paths';

export const regularsPaths = {
  notes: `${USER}/notes`,
  putNote: `${USER}/notes/:userId`,
  deleteNote: `${USER}/notes/:userId`,
  handSearch: `${USER}/hand/search`,
  handSearchExport: `${USER}/hand/search/export.phhs`,
  pushKey: `${USER}/push/key`,
  putPushSubscription: `${USER}/push/subscription`,
  deletePushSubscription: `${USER}/push/subscription`,
} as const;

export type { HandFilters, HandSearchRow, PlayerNote, PushKind };

export const regularsKeys = {
  notes: regularsPaths.notes,
  handSearch: (filters: HandFilters, page: number, perPage: number) => buildUrl(regularsPaths.handSearch, { ...(filters as Query), page, perPage }),
};

export const notesApi = {
  list: () => http.get<{ items: PlayerNote[] }>(regularsPaths.notes),
  put: (userId: number, body: PutNoteBody) => http.put<PlayerNote>(fill(regularsPaths.putNote, { userId }), body),
  remove: (userId: number) => http.del<Ok>(fill(regularsPaths.deleteNote, { userId })),
};

export const handSearchApi = {
  search: (filters: HandFilters, page: number, perPage: number) => http.get<List<HandSearchRow>>(regularsKeys.handSearch(filters, page, perPage)),
  /** The download's URL for these filters (streamed by downloadHands). */
  exportUrl: (filters: HandFilters) => buildUrl(regularsPaths.handSearchExport, filters as Query),
};

export const pushApi = {
  key: () => http.get<{ publicKey: string }>(regularsPaths.pushKey),
  subscribe: (body: PushSubscriptionBody) => http.put<{ endpoint: string; kinds: PushKind[] }>(regularsPaths.putPushSubscription, body),
  unsubscribe: (endpoint: string) => http.del<Ok>(buildUrl(regularsPaths.deletePushSubscription, { endpoint })),
};
