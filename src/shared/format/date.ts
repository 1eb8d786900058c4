import { normalizeLang } from './money';

const pad = (n: number) => String(n).padStart(2, '0');
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "22 Nov 2026, 14:05" (en) / "2026.11.22 14:05" (mn, the usual Mongolian order). Local time. */
export function formatDateTime(value: string | number | Date | null | undefined, lang: string = 'en'): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = toDate(value);
  if (!d) return '—';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (normalizeLang(lang) === 'mn') {
    return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())} ${time}`;
  }
  return `${d.getDate()} ${EN_MONTHS[d.getMonth()]} ${d.getFullYear()}, ${time}`;
}

/** Date only: "22 Nov 2026" / "2026.11.22". */
export function formatDate(value: string | number | Date | null | undefined, lang: string = 'en'): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = toDate(value);
  if (!d) return '—';
  if (normalizeLang(lang) === 'mn') return `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`;
  return `${d.getDate()} ${EN_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** "14:05" for chat lines. */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}
