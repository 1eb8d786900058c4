import { api, type MyHand } from '../api';

/** Pages fetched at most for one download (100 hands each). */
export const MAX_DOWNLOAD_PAGES = 20;

/**
 * A .phhs file (the PHH format's collection of hands): each hand's flat `key = value` lines under
 * its own `[n]` table, oldest first. Hands without a record are skipped.
 */
export function buildPhhs(hands: Pick<MyHand, 'handId' | 'phh' | 'startedAt'>[]): string {
  const ordered = hands.filter((h) => h.phh && h.phh.trim()).sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt) || a.handId - b.handId);
  return ordered.map((h, i) => `[${i + 1}]\n# hand ${h.handId}, ${h.startedAt}\n${h.phh!.trim()}\n`).join('\n');
}

/** Fetches the player's own hands page by page. */
export async function fetchMyHands(): Promise<MyHand[]> {
  const all: MyHand[] = [];
  for (let page = 1; page <= MAX_DOWNLOAD_PAGES; page++) {
    const res = await api.myHands(page, 100);
    all.push(...res.items);
    if (all.length >= res.total || res.items.length === 0) break;
  }
  return all;
}
