// Statement formats (docs/payments.md, "Bank statements"). The banks of the registration list do
// not publish their export layouts; their statements share one vocabulary of column names
// (Mongolian or English: "Гүйлгээний огноо", "Гүйлгээний утга", "Дебит гүйлгээ" / "Зарлага",
// "Кредит гүйлгээ" / "Орлого", "Харьцсан данс"...), with title rows above the header and total
// rows below. The header row is found by those names; each bank's preset adds what is known of
// its own export. GENERIC is the room's documented format: date,amount,description,reference,
// counterparty (amount signed: + money in, - money out).
import type { BankCode } from '../../../shared/api/enums';
import { parseAmount, parseBankDate, parseCsv } from './csv';

export type StatementFormat = BankCode | 'GENERIC' | 'AUTO';
type Field = 'date' | 'credit' | 'debit' | 'amount' | 'description' | 'counterparty' | 'reference';

/** Column names by field, lower case; a header cell matches when it equals one or starts with it. */
const COMMON: Record<Field, string[]> = {
  date: ['гүйлгээний огноо', 'огноо', 'transaction date', 'date', 'posting date', 'value date'],
  credit: ['кредит гүйлгээ', 'кредит', 'орлого', 'credit', 'deposit', 'in'],
  debit: ['дебит гүйлгээ', 'дебит', 'зарлага', 'debit', 'withdrawal', 'out'],
  amount: ['гүйлгээний дүн', 'дүн', 'amount'],
  description: ['гүйлгээний утга', 'утга', 'description', 'details', 'narrative', 'memo'],
  counterparty: ['харьцсан данс', 'харилцсан данс', 'харилцагч', 'counterparty', 'related account', 'account'],
  reference: ['гүйлгээний дугаар', 'журналын дугаар', 'лавлах дугаар', 'reference', 'transaction id', 'journal no'],
};

/** What is known of each bank's export beyond the common names. */
const PRESETS: Partial<Record<BankCode, Partial<Record<Field, string[]>>>> = {
  KHAN: { credit: ['кредит гүйлгээ'], debit: ['дебит гүйлгээ'], counterparty: ['харьцсан данс'] },
  GOLOMT: { credit: ['орлого'], debit: ['зарлага'], counterparty: ['харилцсан данс'] },
  TDB: { credit: ['credit', 'кредит'], debit: ['debit', 'дебит'] },
  XAC: { credit: ['орлого', 'кредит'], debit: ['зарлага', 'дебит'] },
};

const GENERIC: Record<Field, string[]> = {
  date: ['date'],
  amount: ['amount'],
  description: ['description'],
  reference: ['reference'],
  counterparty: ['counterparty'],
  credit: [],
  debit: [],
};

/** Rows below the lines that carry totals or balances, not transfers. */
const SUMMARY = /^(нийт|дүн|бүгд|эхний үлдэгдэл|эцсийн үлдэгдэл|total|opening balance|closing balance|balance)/i;

export interface ParsedLine {
  /** Line number in the file (1-based). */
  lineNo: number;
  bookedAt: Date;
  direction: 'IN' | 'OUT';
  amount: number;
  description: string;
  counterparty: string | null;
  reference: string | null;
}

export interface ParseResult {
  lines: ParsedLine[];
  /** Every problem, with its line number: a file with any is refused as a whole. */
  errors: { line: number; message: string }[];
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

function vocabulary(format: StatementFormat): Record<Field, string[]> {
  if (format === 'GENERIC') return GENERIC;
  const preset = format === 'AUTO' ? {} : (PRESETS[format] ?? {});
  const out = {} as Record<Field, string[]>;
  for (const f of Object.keys(COMMON) as Field[]) out[f] = [...(preset[f] ?? []), ...COMMON[f]];
  return out;
}

/** Column of each field in a header row (first match wins; a cell serves one field). */
function columns(cells: string[], vocab: Record<Field, string[]>, exact: boolean): Partial<Record<Field, number>> {
  const names = cells.map(norm);
  const used = new Set<number>();
  const out: Partial<Record<Field, number>> = {};
  for (const f of ['date', 'credit', 'debit', 'amount', 'description', 'counterparty', 'reference'] as Field[]) {
    for (const want of vocab[f]) {
      const i = names.findIndex((n, k) => !used.has(k) && (n === want || (!exact && want.length > 3 && n.startsWith(want))));
      if (i >= 0) {
        out[f] = i;
        used.add(i);
        break;
      }
    }
  }
  return out;
}

const usable = (c: Partial<Record<Field, number>>) =>
  c.date !== undefined && c.description !== undefined && (c.amount !== undefined || (c.credit !== undefined && c.debit !== undefined));

/** The header row: the first of the first 30 rows whose names give a date, a description and amounts. */
function findHeader(rows: string[][], format: StatementFormat) {
  const vocab = vocabulary(format);
  for (let r = 0; r < Math.min(rows.length, 30); r++) {
    const c = columns(rows[r], vocab, format === 'GENERIC');
    if (usable(c)) return { row: r, cols: c };
  }
  return null;
}

/** The row's signed amount: credit and debit columns when the file has both, else its amount column. */
function amountOf(cols: Partial<Record<Field, number>>, cell: (f: Field) => string): number | { error: string } {
  if (cols.credit === undefined || cols.debit === undefined) {
    const a = parseAmount(cell('amount'));
    if (!a) return { error: 'no amount' };
    return 'error' in a ? a : a.value;
  }
  const c = parseAmount(cell('credit'));
  const d = parseAmount(cell('debit'));
  if (c && 'error' in c) return c;
  if (d && 'error' in d) return d;
  const credit = c ? Math.abs(c.value) : 0;
  const debit = d ? Math.abs(d.value) : 0;
  if (credit > 0 && debit > 0) return { error: 'both a credit and a debit' };
  return credit > 0 ? credit : -debit;
}

/** One data row to a line, or a problem; null for a row to skip (empty, totals). */
function toLine(cells: string[], cols: Partial<Record<Field, number>>, lineNo: number): ParsedLine | { error: string } | null {
  const cell = (f: Field) => (cols[f] === undefined ? '' : (cells[cols[f]!] ?? '').trim());
  if (cells.every((c) => c.trim() === '')) return null;
  const dateText = cell('date');
  const bookedAt = parseBankDate(dateText);
  if (!bookedAt) {
    // A totals or balance row ("Нийт", "Эцсийн үлдэгдэл") carries no date: not a transfer.
    if (SUMMARY.test(norm(cells.find((c) => c.trim() !== '') ?? ''))) return null;
    return { error: `the date "${dateText.slice(0, 30)}" is not a date` };
  }
  const signed = amountOf(cols, cell);
  if (typeof signed !== 'number') return signed;
  if (signed === 0) return { error: 'the amount is zero' };
  const description = cell('description');
  if (description.length > 1000) return { error: 'the description is longer than 1,000 characters' };
  return {
    lineNo,
    bookedAt,
    direction: signed > 0 ? 'IN' : 'OUT',
    amount: Math.abs(signed),
    description,
    counterparty: cell('counterparty').slice(0, 200) || null,
    reference: cell('reference').slice(0, 200) || null,
  };
}

/** Parses a whole statement; a file without a recognised header or with any bad line has errors. */
export function parseStatement(text: string, format: StatementFormat): ParseResult {
  const { rows, error } = parseCsv(text);
  if (error) return { lines: [], errors: [{ line: error.row, message: error.message }] };
  const header = findHeader(rows, format);
  if (!header) {
    const first = rows.find((r) => r.some((c) => c.trim() !== ''))?.map((c) => c.trim()) ?? [];
    const want = format === 'GENERIC' ? 'date,amount,description,reference,counterparty' : 'a date, a description and credit and debit (or amount) columns';
    return { lines: [], errors: [{ line: 1, message: `no header row with ${want}; the first row has: ${first.join(' | ').slice(0, 200)}` }] };
  }
  const lines: ParsedLine[] = [];
  const errors: ParseResult['errors'] = [];
  for (let r = header.row + 1; r < rows.length; r++) {
    const got = toLine(rows[r], header.cols, r + 1);
    if (got === null) continue;
    if ('error' in got) errors.push({ line: r + 1, message: got.error });
    else lines.push(got);
  }
  if (!lines.length && !errors.length) errors.push({ line: header.row + 1, message: 'the statement has no lines' });
  return { lines, errors };
}
