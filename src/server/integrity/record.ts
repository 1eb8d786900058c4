// A settled hand as the integrity signals read it: who played (stacks, cards), the betting
// actions in order with each decision's time, and the table's game and stake. Built from the
// stored row (summary + PHH) by the job, and generated directly by the bench (same shape).
import { stripComment } from '../../poker';

export type ActionKind = 'f' | 'cc' | 'cbr';

export interface RecordAction {
  /** The hand's player index (0-based, the PHH's p1 is 0). */
  p: number;
  /** 0 preflop, 1 flop, 2 turn, 3 river. */
  street: number;
  kind: ActionKind;
  /** The street total the bet or raise goes to (cbr only). */
  to?: number;
  /** How long the decision took (ms); null when not recorded. */
  ms: number | null;
}

export interface RecordPlayer {
  userId: number;
  isBot: boolean;
  start: number;
  end: number;
  /** Hole cards as text ('As'), as the server dealt them (never shown to other players from here). */
  cards: string[];
  shown: boolean;
}

export interface HandRecord {
  id: number;
  tableId: number;
  /** When the hand ended (ms since the epoch). */
  at: number;
  game: string;
  bigBlind: number;
  /** Tournament chips are not money: they feed the play statistics, not the money flows. */
  tournament: boolean;
  players: RecordPlayer[];
  board: string[];
  actions: RecordAction[];
}

interface StoredSummary {
  players?: Array<{ userId: number; isBot?: boolean; startStack: number; endStack: number; cards?: string[]; shown?: boolean }>;
  board?: string[];
  decisionMs?: number[];
}

const PLAYER_ACTION = /^p(\d+)\s+(f|cc|cbr)(?:\s+(\S+))?$/;

/** The betting actions of a PHH text (its `actions = [...]` array), streets counted at each board deal. */
export function actionsFromPhh(phh: string, decisionMs: readonly number[]): RecordAction[] {
  const m = /actions\s*=\s*\[([\s\S]*?)\]/.exec(phh);
  if (!m) return [];
  const lines = [...m[1].matchAll(/"([^"]*)"/g)].map((x) => stripComment(x[1]));
  const out: RecordAction[] = [];
  let street = 0;
  for (const line of lines) {
    if (line.startsWith('d db')) street++;
    const a = PLAYER_ACTION.exec(line);
    if (!a) continue;
    const ms = decisionMs[out.length];
    out.push({ p: Number(a[1]) - 1, street, kind: a[2] as ActionKind, to: a[3] ? Number(a[3]) : undefined, ms: ms === undefined ? null : ms });
  }
  return out;
}

export interface StoredHand {
  id: number;
  table_id: number;
  ended_at: string | null;
  phh: string | null;
  summary: unknown;
  variant: string;
  big_blind: number;
  tournament_id: number | null;
}

/** The big blind a PHH was dealt with (its largest blind): a tournament table's row keeps its first level's. */
export function phhBigBlind(phh: string): number | null {
  const m = /blinds_or_straddles\s*=\s*\[([^\]]*)\]/.exec(phh);
  const blinds = (m?.[1].split(',') ?? []).map((x) => Number(x.trim())).filter((x) => Number.isFinite(x) && x > 0);
  return blinds.length ? Math.max(...blinds) : null;
}

/** The record of a stored settled hand; null when it holds no summary. */
export function handRecordOf(row: StoredHand): HandRecord | null {
  const s = row.summary as StoredSummary | null;
  if (!s?.players?.length) return null;
  return {
    id: Number(row.id),
    tableId: row.table_id,
    at: row.ended_at ? Date.parse(row.ended_at) : 0,
    game: row.variant,
    bigBlind: (row.tournament_id !== null && row.phh ? phhBigBlind(row.phh) : null) ?? Number(row.big_blind),
    tournament: row.tournament_id !== null,
    players: s.players.map((p) => ({
      userId: p.userId,
      isBot: p.isBot ?? false,
      start: p.startStack,
      end: p.endStack,
      cards: p.cards ?? [],
      shown: p.shown ?? false,
    })),
    board: s.board ?? [],
    actions: row.phh ? actionsFromPhh(row.phh, s.decisionMs ?? []) : [],
  };
}
