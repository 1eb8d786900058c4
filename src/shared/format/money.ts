/**
 * Tugrik (MNT, ₮) formatting. Amounts are integer tugrik (DESIGN §4).
 *
 * English groups thousands with commas: "1,250,000 ₮".
 * Mongolian groups with a no-break space, as Mongolian (Cyrillic) typography does:
 * "1 250 000 ₮". Hand-written rather than Intl so Node and every browser print the same
 * thing (ICU data for `mn` differs between builds).
 */
export type Lang = 'en' | 'mn';

export const TUGRIK = '₮';
const NBSP = '\u00a0';

export function normalizeLang(lang: string | undefined | null): Lang {
  return lang && lang.toLowerCase().startsWith('mn') ? 'mn' : 'en';
}

/** Groups the integer part of |n|; keeps the sign. */
export function formatNumber(amount: number, lang: string = 'en'): string {
  if (!Number.isFinite(amount)) return '0';
  const l = normalizeLang(lang);
  const sep = l === 'mn' ? NBSP : ',';
  const negative = amount < 0;
  const whole = Math.trunc(Math.abs(amount));
  const digits = String(whole);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    const fromEnd = digits.length - i;
    out += digits[i];
    if (fromEnd > 1 && fromEnd % 3 === 1) out += sep;
  }
  return (negative ? '-' : '') + out;
}

/** "1,250,000 ₮" (en) / "1 250 000 ₮" (mn). */
export function formatMoney(amount: number, lang: string = 'en'): string {
  return `${formatNumber(amount, lang)}${NBSP}${TUGRIK}`;
}

/** Signed amount for ledgers: "+5,000 ₮" / "-5,000 ₮". */
export function formatSignedMoney(amount: number, lang: string = 'en'): string {
  return (amount > 0 ? '+' : '') + formatMoney(amount, lang);
}

/** Short form for tight spaces (blinds): 1500 -> "1.5K", 2_000_000 -> "2M" (en) / "2 сая" (mn). */
export function formatCompact(amount: number, lang: string = 'en'): string {
  const l = normalizeLang(lang);
  const abs = Math.abs(amount);
  const sign = amount < 0 ? '-' : '';
  const trim = (x: number) => {
    const s = x.toFixed(1);
    return (s.endsWith('.0') ? s.slice(0, -2) : s).replace('.', l === 'mn' ? ',' : '.');
  };
  if (abs >= 1_000_000_000) return sign + trim(abs / 1_000_000_000) + (l === 'mn' ? ' тэрбум' : 'B');
  if (abs >= 1_000_000) return sign + trim(abs / 1_000_000) + (l === 'mn' ? ' сая' : 'M');
  if (abs >= 10_000) return sign + trim(abs / 1_000) + (l === 'mn' ? ' мянга' : 'K');
  return formatNumber(amount, l);
}

/** Parses what a user typed ("1,250,000", "1 250 000", "1250000 ₮") into integer tugrik, or NaN. */
export function parseMoney(input: string): number {
  const cleaned = input.replace(/[\s\u00a0\u202f,₮]/g, '');
  if (!/^\d+$/.test(cleaned)) return Number.NaN;
  const n = Number(cleaned);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}
