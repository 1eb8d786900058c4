// The reconciliation itself (docs/payments.md, "Reconciliation"), pure: what QPay lists and what
// the statements show, against what the ledger moved, per UTC day and channel, with every item
// that is neither matched nor explained. Items are matched by identity (QPay's payment id, the
// statement line, the codes in a payout's description), not by day, so a payment booked across
// midnight is no difference; each difference is listed on the day of its outside record.
import type { DifferenceKind, ReconciliationChannel, ReconciliationDifference, ReconciliationRow } from '../../../shared/api/reconciliation';
import { batchCodesIn, withdrawalCodesIn } from '../bank/match';

type Who = { userId: number | null; username: string | null };
export interface ReconData {
  from: string;
  to: string;
  /** QPay's days (Ulaanbaatar dates) fetched, and when (epoch ms). */
  fetches: Map<string, number>;
  reported: ({ paymentId: string; invoiceId: string; amount: number | null; at: number } & Who)[];
  recorded: ({ paymentId: string; amount: number | null; decision: string; reviewed: boolean; at: number; credited: number | null } & Who)[];
  /** The statements' periods (epoch ms). */
  coverage: { from: number; to: number }[];
  inLines: ({ id: number; lineNo: number; statementId: number; at: number; amount: number; status: string } & Who)[];
  /** Deposits typed by staff that no statement line backs. */
  manual: ({ code: string; amount: number; at: number } & Who)[];
  /** Money-out lines of the range and a week around it (a payout may be booked days later). */
  outLines: { id: number; at: number; amount: number; status: string; description: string }[];
  withdrawals: Map<string, { code: string; amount: number } & Who>;
  batches: Map<string, { code: string; total: number; withdrawals: string[] }>;
  /** Withdrawals paid out in a batch during the range. */
  paidOut: ({ code: string; amount: number; at: number; batch: string | null } & Who)[];
}

const DAY_MS = 86_400_000;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ubDay = (ms: number) => dayOf(ms + 8 * 3_600_000);
const next = (day: string) => dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 400; d = next(d)) out.push(d);
  return out;
}

class Sheet {
  readonly ext = new Map<string, number>();
  readonly led = new Map<string, number>();
  readonly items: ReconciliationDifference[] = [];
  constructor(private readonly data: ReconData) {}
  add(map: Map<string, number>, ch: ReconciliationChannel, day: string, amount: number) {
    map.set(`${day}:${ch}`, (map.get(`${day}:${ch}`) ?? 0) + amount);
  }
  diff(ch: ReconciliationChannel, at: number, kind: DifferenceKind, amount: number, reference: string, who: Who, detail: string) {
    const day = dayOf(at);
    if (day < this.data.from || day > this.data.to) return;
    this.items.push({ id: `${ch}:${kind}:${reference}`, day, channel: ch, kind, amount, reference, userId: who.userId, username: who.username, detail });
  }
}

function qpay(d: ReconData, s: Sheet): void {
  const reported = new Map(d.reported.map((r) => [r.paymentId, r]));
  const recorded = new Set(d.recorded.map((x) => x.paymentId));
  for (const r of d.reported) {
    s.add(s.ext, 'QPAY_IN', dayOf(r.at), r.amount ?? 0);
    if (!recorded.has(r.paymentId))
      s.diff(
        'QPAY_IN',
        r.at,
        'qpay_not_recorded',
        r.amount ?? 0,
        r.paymentId,
        r,
        `QPay lists this payment of QPay invoice ${r.invoiceId}; the room has no record of it: ask QPay about the invoice`,
      );
  }
  for (const x of d.recorded) {
    if (x.credited !== null) s.add(s.led, 'QPAY_IN', dayOf(x.at), x.credited);
    const listed = reported.get(x.paymentId);
    if (x.decision === 'HELD') s.diff('QPAY_IN', x.at, 'qpay_held', x.amount ?? 0, x.paymentId, x, 'Held for review: credit or refuse it');
    else if (x.decision === 'REFUSED' && !x.reviewed)
      s.diff('QPAY_IN', x.at, 'qpay_refused', x.amount ?? 0, x.paymentId, x, 'Refused by rule, not yet seen by staff: return the money and note it');
    else if (x.decision === 'CREDITED' && listed && listed.amount !== x.credited)
      s.diff(
        'QPAY_IN',
        x.at,
        'qpay_amount',
        (listed.amount ?? 0) - (x.credited ?? 0),
        x.paymentId,
        x,
        `QPay lists ${listed.amount}, the ledger credited ${x.credited}`,
      );
    else if (x.decision === 'CREDITED' && !listed && (d.fetches.get(ubDay(x.at)) ?? 0) > x.at)
      s.diff('QPAY_IN', x.at, 'qpay_not_listed', x.credited ?? 0, x.paymentId, x, 'Credited, but QPay does not list this payment');
  }
}

const covered = (d: ReconData, day: string) => d.coverage.some((c) => dayOf(c.from) <= day && day <= dayOf(c.to));

function bankIn(d: ReconData, s: Sheet): void {
  for (const l of d.inLines) {
    s.add(s.ext, 'BANK_IN', dayOf(l.at), l.amount);
    if (l.status === 'CREDITED') s.add(s.led, 'BANK_IN', dayOf(l.at), l.amount);
    if (l.status === 'PROPOSED' || l.status === 'UNMATCHED')
      s.diff(
        'BANK_IN',
        l.at,
        'bank_not_credited',
        l.amount,
        `line-${l.id}`,
        l,
        `Statement ${l.statementId}, line ${l.lineNo}: ${l.status.toLowerCase()}, not credited yet`,
      );
  }
  for (const m of d.manual) {
    s.add(s.led, 'BANK_IN', dayOf(m.at), m.amount);
    if (covered(d, dayOf(m.at)))
      s.diff('BANK_IN', m.at, 'deposit_without_line', m.amount, m.code, m, 'Typed by hand; no line of the statements backs it: link it to its line');
  }
}

function bankOut(d: ReconData, s: Sheet): void {
  const explained = new Set<string>();
  for (const l of d.outLines) {
    const codes = withdrawalCodesIn(l.description).filter((c) => d.withdrawals.has(c));
    const batches = batchCodesIn(l.description).filter((c) => d.batches.has(c));
    for (const c of codes) explained.add(c);
    for (const b of batches) for (const c of d.batches.get(b)!.withdrawals) explained.add(c);
    s.add(s.ext, 'BANK_OUT', dayOf(l.at), l.amount);
    if (l.status === 'IGNORED') continue;
    const expected = codes.reduce((t, c) => t + d.withdrawals.get(c)!.amount, 0) + batches.reduce((t, b) => t + d.batches.get(b)!.total, 0);
    const none = { userId: null, username: null };
    if (!codes.length && !batches.length)
      s.diff(
        'BANK_OUT',
        l.at,
        'bank_out_unexplained',
        l.amount,
        `line-${l.id}`,
        none,
        'Money out of the account that no payout names: explain it (set the line aside with the reason)',
      );
    else if (expected !== l.amount)
      s.diff(
        'BANK_OUT',
        l.at,
        'bank_out_amount',
        l.amount - expected,
        `line-${l.id}`,
        none,
        `The bank sent ${l.amount}; the payouts it names come to ${expected}`,
      );
  }
  for (const w of d.paidOut) {
    s.add(s.led, 'BANK_OUT', dayOf(w.at), w.amount);
    // The bank books a payout within two days: once statements cover those days, one must show it.
    const window = daysBetween(dayOf(w.at), dayOf(w.at + 2 * DAY_MS));
    if (!explained.has(w.code) && window.every((day) => covered(d, day)))
      s.diff('BANK_OUT', w.at, 'payout_not_on_statement', w.amount, w.code, w, `Paid out${w.batch ? ` in ${w.batch}` : ''}, but no statement line names it`);
  }
}

/** Every day of the range and channel, and every difference. */
export function reconcile(d: ReconData): { rows: ReconciliationRow[]; items: ReconciliationDifference[] } {
  const s = new Sheet(d);
  qpay(d, s);
  bankIn(d, s);
  bankOut(d, s);
  const counts = new Map<string, number>();
  for (const i of s.items) counts.set(`${i.day}:${i.channel}`, (counts.get(`${i.day}:${i.channel}`) ?? 0) + 1);
  const rows: ReconciliationRow[] = [];
  for (const day of daysBetween(d.from, d.to).reverse()) {
    const known: Record<ReconciliationChannel, boolean> = {
      QPAY_IN: d.fetches.has(day) && d.fetches.has(next(day)),
      BANK_IN: covered(d, day),
      BANK_OUT: covered(d, day),
    };
    for (const ch of ['QPAY_IN', 'BANK_IN', 'BANK_OUT'] as ReconciliationChannel[]) {
      const key = `${day}:${ch}`;
      const hasExt = known[ch] || s.ext.has(key);
      const external = hasExt ? (s.ext.get(key) ?? 0) : null;
      const ledger = s.led.get(key) ?? 0;
      const differences = counts.get(key) ?? 0;
      rows.push({
        id: key,
        day,
        channel: ch,
        external,
        ledger,
        difference: external === null ? null : external - ledger,
        differences,
        status: differences ? 'DIFFERENCES' : external === null ? 'NO_DATA' : 'OK',
      });
    }
  }
  return { rows, items: s.items };
}
