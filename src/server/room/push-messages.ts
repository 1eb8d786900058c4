// Web push messages worded in the subscriber's language (locales/<lang>/push.json): what the
// service worker shows (shared/api/regulars.ts PushPayload).
import { readFileSync } from 'node:fs';
import type { PushKind, PushPayload } from '../../shared/api/regulars';

export type PushLanguage = 'en' | 'mn';
type Message = 'tournamentStart' | 'yourTurn' | 'deposit' | 'withdrawal';
type Strings = Record<Message, { title: string; body: string }>;
// Read once at start (the server imports no file outside src/; tests/shared/i18n-keys.test.ts keeps en and mn alike).
const load = (lang: PushLanguage) => JSON.parse(readFileSync(new URL(`../../../locales/${lang}/push.json`, import.meta.url), 'utf8')) as Strings;
const STRINGS: Record<PushLanguage, Strings> = { en: load('en'), mn: load('mn') };

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => values[k] ?? '');
const amount = (lang: PushLanguage, n: number) => new Intl.NumberFormat(lang === 'mn' ? 'mn-MN' : 'en-US').format(n);

function word(lang: PushLanguage, message: Message, values: Record<string, string>) {
  const s = STRINGS[lang][message];
  return { title: fill(s.title, values).slice(0, 120), body: fill(s.body, values).slice(0, 400) };
}

/** A message before it is worded: its kind, link and tag, and how to word it in a language. */
export interface PushNotice {
  kind: PushKind;
  url: string;
  tag?: string;
  /** Seconds the push service keeps it for an offline browser (a turn is stale within a minute). */
  ttl: number;
  urgency: 'normal' | 'high';
  word(lang: PushLanguage): Pick<PushPayload, 'title' | 'body'>;
}

export const tournamentStartNotice = (tournamentId: number, name: string): PushNotice => ({
  kind: 'tournamentStart',
  url: `/tournament/${tournamentId}`,
  tag: `tournament-${tournamentId}`,
  ttl: 600,
  urgency: 'high',
  word: (lang) => word(lang, 'tournamentStart', { name }),
});

export const yourTurnNotice = (tableId: number, table: string): PushNotice => ({
  kind: 'yourTurn',
  url: `/table/${tableId}`,
  tag: `turn-${tableId}`,
  ttl: 60,
  urgency: 'high',
  word: (lang) => word(lang, 'yourTurn', { table }),
});

export const cashierNotice = (kind: 'DEPOSIT' | 'WITHDRAWAL_PAID', sum: number): PushNotice => ({
  kind: 'cashier',
  url: kind === 'DEPOSIT' ? '/profile?tab=deposit' : '/profile?tab=withdraw',
  ttl: 86_400,
  urgency: 'normal',
  word: (lang) => word(lang, kind === 'DEPOSIT' ? 'deposit' : 'withdrawal', { amount: amount(lang, sum) }),
});
