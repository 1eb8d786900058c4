// Reading what an administrator needs from a hand's PHH text (the poker hand history format):
// every card dealt (hole cards per player, the board) and the players' names.

export interface DealtCards {
  /** Hole cards per seat index (p1 -> 0). */
  hole: { player: number; cards: string[] }[];
  board: string[];
  players: string[];
}

/** "AcKd" -> ["Ac", "Kd"]; "????" (unknown) keeps "??" pairs. */
export function splitCards(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < s.length; i += 2) out.push(s.slice(i, i + 2));
  return out;
}

export function dealtCards(phh: string | null | undefined): DealtCards {
  const res: DealtCards = { hole: [], board: [], players: [] };
  if (!phh) return res;
  for (const m of phh.matchAll(/['"]d dh p(\d+) ([2-9TJQKA?][cdhs?](?:[2-9TJQKA?][cdhs?])*)/g)) {
    res.hole.push({ player: Number(m[1]) - 1, cards: splitCards(m[2]) });
  }
  for (const m of phh.matchAll(/['"]d db ([2-9TJQKA][cdhs](?:[2-9TJQKA][cdhs])*)/g)) {
    res.board.push(...splitCards(m[1]));
  }
  const players = /^\s*players\s*=\s*\[([^\]]*)\]/m.exec(phh);
  if (players) {
    res.players = [...players[1].matchAll(/['"]([^'"]*)['"]/g)].map((x) => x[1]);
  }
  return res;
}

/** Offers the PHH text as a file download (a Blob URL, revoked right after). */
export function downloadPhh(phh: string, fileName: string): void {
  const blob = new Blob([phh], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
