// The table page's HTTP calls: the player's own settled hands at this table (PHH, others' unshown
// cards as ????) for the replayer, one hand by id (the ?replay= link from game history), and the
// table's chat history. Injected into TablePage so component tests can pass a fake (or none).
import type { ChatMessageData } from '../../../shared/protocol/server';
import { buildUrl, http } from '../../../shared/http';
import { CHAT_HISTORY_LIMIT, fill, paths } from '../../api/paths';
import type { MyHand } from '../../api';

export type TableHand = Pick<MyHand, 'handId' | 'tableId' | 'handNumber' | 'startedAt' | 'phh'> & { net?: number; summary?: unknown };

export interface TableApi {
  /** The player's last hands at this table, newest first. */
  myHands(tableId: number, perPage?: number): Promise<TableHand[]>;
  myHand(handId: number): Promise<TableHand>;
  /** The table's last messages, oldest first. */
  chatHistory(tableId: number): Promise<ChatMessageData[]>;
}

export const REPLAY_HANDS = 20;

const newestFirst = (hands: TableHand[]) => [...hands].sort((a, b) => b.handId - a.handId);

export const httpTableApi: TableApi = {
  myHands: async (tableId, perPage = REPLAY_HANDS) => {
    const res = await http.get<{ items: TableHand[] }>(buildUrl(paths.myHands, { tableId, page: 1, perPage }));
    return newestFirst(res.items);
  },
  myHand: (handId) => http.get<TableHand>(fill(paths.myHand, { handId })),
  chatHistory: async (tableId) => {
    const res = await http.get<{ items: ChatMessageData[] }>(buildUrl(paths.chatMessages, { limit: CHAT_HISTORY_LIMIT, tableId }));
    return res.items;
  },
};
