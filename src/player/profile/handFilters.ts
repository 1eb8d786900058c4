// The hand history's filters: the form as typed (strings, '' = any) to the query the search and
// its download send (src/shared/api/regulars.ts HandFilters). Pure, so the rules are tested alone.
import type { HandFilters, HandResult, Position } from '../../shared/api/regulars';
import type { Variant } from '../../shared/api/enums';

export interface HandFilterForm {
  from: string;
  to: string;
  variant: '' | Variant;
  /** A stake's big blind, as text. */
  bigBlind: string;
  position: '' | Position;
  cards: string;
  result: '' | HandResult;
  minPot: string;
  maxPot: string;
}

export const EMPTY_FILTERS: HandFilterForm = { from: '', to: '', variant: '', bigBlind: '', position: '', cards: '', result: '', minPot: '', maxPot: '' };

const RANKS = '23456789TJQKA';

/**
 * Hole cards as a player types them, written as the server reads them: "ak s" -> "AKs",
 * "ahkd" -> "AhKd", "qq" -> "QQ", "10h 10d" -> "ThTd"; null when it is not a hand.
 */
export function normalizeCards(text: string): string | null {
  const s = text.replace(/\s+/g, '').replace(/10/g, 'T');
  if (s === '') return '';
  const exact = /^([2-9tjqka])([shdc])([2-9tjqka])([shdc])$/i.exec(s);
  if (exact) {
    const out = exact[1].toUpperCase() + exact[2].toLowerCase() + exact[3].toUpperCase() + exact[4].toLowerCase();
    return out.slice(0, 2) === out.slice(2) ? null : out;
  }
  const cls = /^([2-9tjqka])([2-9tjqka])([so]?)$/i.exec(s);
  if (!cls) return null;
  let [a, b] = [cls[1].toUpperCase(), cls[2].toUpperCase()];
  const kind = cls[3].toLowerCase();
  if (a === b && kind) return null; // a pair is neither suited nor offsuit
  if (RANKS.indexOf(b) > RANKS.indexOf(a)) [a, b] = [b, a]; // the high card first, as players write it
  return a + b + kind;
}

const whole = (text: string): number | undefined => {
  const digits = text.replace(/[\s,.\u00a0]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
};

export type FilterError = 'cards' | 'dates' | 'pot';

/** The query for a form, or what is wrong with it. Empty fields are left out. */
export function buildHandFilters(form: HandFilterForm): { filters: HandFilters } | { error: FilterError } {
  const cards = normalizeCards(form.cards);
  if (cards === null) return { error: 'cards' };
  if (form.from && form.to && form.from > form.to) return { error: 'dates' };
  const minPot = whole(form.minPot);
  const maxPot = whole(form.maxPot);
  if ((form.minPot.trim() && minPot === undefined) || (form.maxPot.trim() && maxPot === undefined)) return { error: 'pot' };
  if (minPot !== undefined && maxPot !== undefined && minPot > maxPot) return { error: 'pot' };
  const bigBlind = whole(form.bigBlind);
  const filters: HandFilters = {};
  if (form.from) filters.from = form.from;
  if (form.to) filters.to = form.to;
  if (form.variant) filters.variant = form.variant;
  if (bigBlind) filters.bigBlind = bigBlind;
  if (form.position) filters.position = form.position;
  if (cards) filters.cards = cards;
  if (form.result) filters.result = form.result;
  if (minPot !== undefined) filters.minPot = minPot;
  if (maxPot !== undefined) filters.maxPot = maxPot;
  return { filters };
}

/** A stable key of a query (a new search starts again at page 1). */
export const filtersKey = (f: HandFilters) =>
  JSON.stringify(
    Object.keys(f)
      .sort()
      .map((k) => [k, f[k as keyof HandFilters]]),
  );
