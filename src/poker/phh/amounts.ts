// Exact decimal amounts: hand histories in dollars and cents become integer cents by string
// arithmetic, never by multiplying binary floats.
import { TomlDecimal, type TomlValue } from './toml';

/** Digits after the point of a raw amount (0 for integers). */
export function decimalPlaces(v: TomlValue | string): number {
  const text = v instanceof TomlDecimal ? v.text : typeof v === 'string' ? v : null;
  if (text === null) return 0;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** '434.05' at 2 places -> 43405; null when not an exact amount at that scale. */
export function toUnits(v: TomlValue | string, places: number): number | null {
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) return null;
    text = String(v);
  } else if (v instanceof TomlDecimal) text = v.text;
  else if (typeof v === 'string') text = v;
  else return null;
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  let frac = m[3] ?? '';
  // Trailing zeros beyond the scale are harmless (10.50 at 1 place); other digits are not.
  while (frac.length > places && frac.endsWith('0')) frac = frac.slice(0, -1);
  if (frac.length > places) return null;
  const digits = (m[2] + frac.padEnd(places, '0')).replace(/^0+(?=\d)/, '');
  const units = Number(digits) * (m[1] === '-' ? -1 : 1);
  return Number.isSafeInteger(units) ? units : null;
}

/** 43205 at 2 places -> '432.05'; 1066_10 -> '1066.1'; integers stay integers. */
export function fromUnits(units: number, places: number): string {
  const neg = units < 0;
  let digits = String(Math.abs(units));
  if (places === 0) return (neg ? '-' : '') + digits;
  digits = digits.padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places).replace(/0+$/, '');
  return (neg ? '-' : '') + int + (frac ? '.' + frac : '');
}
