// What a tournament's row keeps of its director (tournaments.state): what the page reads and the
// pure core's state with the players, so that any instance's next director resumes it.
import { levelAt, playerCount, purchaseWindow, type TournamentState } from '../../poker/tournament';

export interface Player {
  entryId: number;
  userId: number;
  username: string;
  /** The avatar at registration (absent in states written before avatars: the initials). */
  avatar?: string | null;
  isBot: boolean;
}

/** tournaments.state: what the page reads (level, levelEndsAt, tables, seats) and the director's own. */
export interface StoredState {
  level: number | null;
  levelEndsAt: string | null;
  /** While late registration is open: about when it closes (the clock pauses while the room is down). */
  lateRegEndsAt: string | null;
  /** Rebuys and the add-on on sale, as of this write (tournament-money.ts purchase reads them). */
  rebuyOpen: boolean;
  addonOpen: boolean;
  tables: Array<{ tableId: number; players: number }>;
  seats: Record<string, number>;
  /** The pure core's state; player ids are entry ids. */
  core: TournamentState;
  players: Record<string, Player>;
  /** Button and hands dealt of each table before its running hand: a voided hand puts them back. */
  dealtFrom: Record<string, { button: number; handsDealt: number }>;
}

export function storedState(core: TournamentState, players: Record<string, Player>, dealtFrom: StoredState['dealtFrom'], now = Date.now()): StoredState {
  const clock = levelAt(core.structure, core.elapsedMs);
  const sale = purchaseWindow(core);
  const seats: Record<string, number> = {};
  for (const t of core.tables) for (const p of t.seats) if (p !== null) seats[p] = t.id;
  return {
    level: clock.entryIndex,
    levelEndsAt: clock.msToNext === null ? null : new Date(now + clock.msToNext).toISOString(),
    lateRegEndsAt: core.lateReg ? new Date(now + Math.max(0, core.lateReg.untilMs - core.elapsedMs)).toISOString() : null,
    rebuyOpen: sale.rebuy,
    addonOpen: sale.addon,
    tables: core.tables.map((t) => ({ tableId: t.id, players: playerCount(t) })),
    seats,
    core,
    players,
    dealtFrom,
  };
}
