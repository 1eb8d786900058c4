// Table form rules, mirroring the server's (src/shared/api/admin.ts TableFields + tableRules).
// Messages are translation keys; react-admin translates them under the field.
import { MAX_AMOUNT } from '../../shared/api/common';
import { STRADDLES, VARIANTS } from '../../shared/api/enums';
import { GAMES, isGameCode } from '../../poker/engine/games';

export type TableFormValues = Partial<{
  name: string;
  variant: string;
  smallBlind: number | string | null;
  bigBlind: number | string | null;
  minBuyIn: number | string | null;
  maxBuyIn: number | string | null;
  maxPlayers: number | string | null;
  rakePercent: number | string | null;
  rakeCap: number | string | null;
  actionTime: number | string | null;
  jackpotPercent: number | string | null;
  status: string;
  ante: number | string | null;
  straddle: string | null;
  runItTwice: boolean | null;
  bombPotEvery: number | string | null;
}>;

type Errors = Record<string, string | { message: string; args: Record<string, unknown> }>;

const blank = (v: unknown) => v === undefined || v === null || v === '';
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const K = 'resources.table.validation.';

export function validateTable(values: TableFormValues): Errors {
  const e: Errors = {};
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (!name) e.name = 'ra.validation.required';
  else if (name.length > 60) e.name = { message: 'ra.validation.maxLength', args: { max: 60 } };

  if (blank(values.variant)) e.variant = 'ra.validation.required';
  else if (!(VARIANTS as readonly string[]).includes(String(values.variant))) e.variant = `${K}variant`;

  const amount = (key: 'smallBlind' | 'bigBlind' | 'minBuyIn' | 'maxBuyIn') => {
    const v = values[key];
    if (blank(v)) {
      e[key] = 'ra.validation.required';
      return undefined;
    }
    const n = num(v);
    if (!Number.isInteger(n) || n <= 0) {
      e[key] = `${K}positive_integer`;
      return undefined;
    }
    if (n > MAX_AMOUNT) {
      e[key] = { message: 'ra.validation.maxValue', args: { max: MAX_AMOUNT } };
      return undefined;
    }
    return n;
  };
  const sb = amount('smallBlind');
  const bb = amount('bigBlind');
  const minB = amount('minBuyIn');
  const maxB = amount('maxBuyIn');
  if (sb !== undefined && bb !== undefined && !(sb < bb)) e.smallBlind = `${K}small_below_big`;
  if (minB !== undefined && bb !== undefined && !(minB >= bb)) e.minBuyIn = `${K}min_buyin_big_blind`;
  if (minB !== undefined && maxB !== undefined && !(minB <= maxB)) e.maxBuyIn = `${K}max_buyin_min`;

  if (blank(values.maxPlayers)) e.maxPlayers = 'ra.validation.required';
  else {
    const n = num(values.maxPlayers);
    if (!Number.isInteger(n) || n < 2 || n > 9) e.maxPlayers = `${K}seats`;
    // One deck serves at most so many players of a game (PO6: 7, PO5: 8).
    else if (isGameCode(values.variant) && n > GAMES[values.variant].maxPlayers)
      e.maxPlayers = { message: `${K}game_seats`, args: { max: GAMES[values.variant].maxPlayers } };
  }
  if (!blank(values.straddle) && !(STRADDLES as readonly string[]).includes(String(values.straddle))) e.straddle = 'ra.validation.required';

  const range = (key: 'rakePercent' | 'jackpotPercent' | 'rakeCap' | 'actionTime' | 'ante' | 'bombPotEvery', min: number, max: number, int: boolean) => {
    const v = values[key];
    if (blank(v)) return;
    const n = num(v);
    if (!Number.isFinite(n) || (int && !Number.isInteger(n)) || n < min || n > max) e[key] = { message: `${K}range`, args: { min, max } };
  };
  range('rakePercent', 0, 10, false);
  range('jackpotPercent', 0, 10, false);
  range('rakeCap', 0, 1_000_000_000, true);
  range('actionTime', 5, 120, true);
  range('ante', 0, 1_000_000_000, true);
  range('bombPotEvery', 0, 1000, true);
  return e;
}
