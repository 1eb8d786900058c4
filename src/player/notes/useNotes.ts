import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import { http, buildUrl } from '../../shared/http';
import type { PutNoteBody } from '../../shared/api/regulars';
import { notesApi, regularsKeys, type PlayerNote } from '../api/regularsApi';
import { paths } from '../api/paths';
import { useNotesOn } from './NotesContext';

export interface Notes {
  enabled: boolean;
  byUser: ReadonlyMap<number, PlayerNote>;
  byName: ReadonlyMap<string, PlayerNote>;
  /** Sets a player's note and tag (the id found by name when a record names them only). */
  save(player: { userId?: number; username: string }, body: PutNoteBody): Promise<void>;
  remove(userId: number): Promise<void>;
}

const NONE = new Map();
const key = (name: string) => name.toLowerCase();

/** A player's id from their name (a PHH record names players only): GET /user/search, exact name. */
async function idOf(username: string): Promise<number> {
  const res = await http.get<{ items: Array<{ userId: number; username: string }> }>(buildUrl(paths.userSearch, { q: username, perPage: 20 }));
  const hit = res.items.find((u) => key(u.username) === key(username));
  if (!hit) throw new Error('NOT_FOUND');
  return hit.userId;
}

export function useNotes(): Notes {
  const enabled = useNotesOn();
  const { data, mutate } = useSWR<{ items: PlayerNote[] }>(enabled ? regularsKeys.notes : null);
  const items = data?.items;
  const byUser = useMemo(() => (items ? new Map(items.map((n) => [n.userId, n])) : NONE), [items]);
  const byName = useMemo(() => (items ? new Map(items.map((n) => [key(n.username), n])) : NONE), [items]);
  const save = useCallback(
    async (player: { userId?: number; username: string }, body: PutNoteBody) => {
      const userId = player.userId ?? byName.get(key(player.username))?.userId ?? (await idOf(player.username));
      const saved = await notesApi.put(userId, body);
      await mutate((cur) => ({ items: [...(cur?.items ?? []).filter((n) => n.userId !== userId), saved] }), { revalidate: false });
    },
    [byName, mutate],
  );
  const remove = useCallback(
    async (userId: number) => {
      await notesApi.remove(userId);
      await mutate((cur) => ({ items: (cur?.items ?? []).filter((n) => n.userId !== userId) }), { revalidate: false });
    },
    [mutate],
  );
  return { enabled, byUser, byName, save, remove };
}

/** A player's note and tag, by id when known, else by name. */
export function noteOf(notes: Notes, player: { userId?: number; username: string }): PlayerNote | undefined {
  return (player.userId !== undefined ? notes.byUser.get(player.userId) : undefined) ?? notes.byName.get(key(player.username));
}
