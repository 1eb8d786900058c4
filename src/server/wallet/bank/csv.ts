// CSV as banks export it: a delimiter of their own (comma, semicolon or tab, found from the
// text), quoted fields with "" inside, CRLF or LF, a byte-order mark. Numbers and dates as they
// write them. Pure functions: every failure is a message for the line, never an exception.

/** The delimiter used most in the first lines outside quotes. */
export function detectDelimiter(text: string): string {
  const sample = text.split(/\r?\n/).slice(0, 20).join('\n');
  let best = ',';
  let most = -1;
  for (const d of [',', ';', '\t']) {
    let n = 0;
    let quoted = false;
    for (const c of sample) {
      if (c === '"') quoted = !quoted;
      else if (!quoted && c === d) n++;
    }
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** Rows of fields. An unterminated quote is reported with the row it starts on. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): { rows: string[][]; error?: { row: number; message: string } } {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let rowStart = 1;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      rowStart = rows.length + 1;
    } else field += c;
  }
  if (quoted) return { rows, error: { row: rowStart, message: 'a quoted field is never closed' } };
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return { rows };
}

/**
 * Whole tugrik from a bank's number: thousands separated by commas, spaces or dots, a decimal
 * part of zeros only, a minus sign or parentheses for debits. null when it is not such a number.
 */
export function parseAmount(raw: string): { value: number } | { error: string } | null {
  let s = raw.replace(/[\s\u00a0\u202f₮]|MNT/gi, '');
  if (s === '' || s === '-') return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) [negative, s] = [true, s.slice(1, -1)];
  if (s.startsWith('-')) [negative, s] = [!negative, s.slice(1)];
  if (s.startsWith('+')) s = s.slice(1);
  // The last separator followed by 1-2 digits is the decimal mark; the others group thousands.
  const m = /^(\d{1,3}(?:[.,]\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(s);
  if (!m) return { error: `"${raw.trim().slice(0, 30)}" is not an amount` };
  if (m[3] !== undefined && /[1-9]/.test(m[3])) return { error: `${raw.trim()} is not a whole amount of tugrik` };
  const n = Number(m[1].replace(/[.,]/g, ''));
  if (!Number.isSafeInteger(n) || n > 1e12) return { error: `${raw.trim()} is too large` };
  return { value: negative ? -n : n };
}

/**
 * A bank's date (and time) as an instant: 2026-11-28, 2026.11.28, 2026/11/28, 28.11.2026, with
 * an optional HH:MM[:SS]. Without a zone it is Ulaanbaatar time (UTC+8), as the banks print it.
 */
export function parseBankDate(raw: string): Date | null {
  const s = raw.trim();
  let y: number, mo: number, d: number;
  const iso = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(.*)$/.exec(s);
  const dmy = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})(.*)$/.exec(s);
  let rest: string;
  if (iso) [y, mo, d, rest] = [Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4]];
  else if (dmy) [d, mo, y, rest] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3]), dmy[4]];
  else return null;
  const t = /^(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(rest);
  if (!t) return null;
  const [h, mi, se] = [Number(t[1] ?? 0), Number(t[2] ?? 0), Number(t[3] ?? 0)];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59 || y < 2000 || y > 2100) return null;
  const ms = Date.UTC(y, mo - 1, d, h - 8, mi, se);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1) return null; // 31 April
  return new Date(ms);
}
