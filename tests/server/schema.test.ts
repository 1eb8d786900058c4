// schema.ts is the one description of the tables that typed rows (db/rows.ts) derive from: it must
// match what migrations/*.sql build, and both drivers must return the kinds of values it declares.
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, iso, rows } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import * as schema from '../../src/server/db/schema';
import { openTestDb, type TestDb } from './helpers/db';

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
const ts = '2024-05-01 10:00:00.123456+00';

/** Coarse type of a column, from the schema's SQL type or information_schema's data_type. */
function coarse(sqlType: string): string {
  const t = sqlType.toLowerCase();
  if (t === 'serial' || t === 'integer') return 'integer';
  if (t === 'bigserial' || t === 'bigint') return 'bigint';
  if (t === 'timestamp with time zone') return 'timestamptz';
  if (t.startsWith('timestamp')) return 'timestamp';
  if (t === 'double precision') return 'double';
  return t; // text, boolean, jsonb
}

/** What a non-null value of the column must be at run time, from the schema's declared type. */
const KIND: Record<string, string> = { number: 'number', string: 'string', boolean: 'boolean', json: 'object' };

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
  await migrate(db.handle);
  await fillEveryColumn();
});
afterAll(() => db?.drop());

/**
 * One row per table with every column set (a null tells nothing about the kind a driver returns).
 * A column added to a migration fails the completeness check below until it is set here.
 */
async function fillEveryColumn() {
  const ex = db.handle.db;
  const insert = async (table: string, values: Record<string, unknown>): Promise<number> => {
    const cols = Object.keys(values);
    const r = await first<{ id?: number }>(
      ex,
      sql`INSERT INTO ${sql.identifier(table)} (${sql.join(
        cols.map((c) => sql.identifier(c)),
        sql`, `,
      )})
          VALUES (${sql.join(
            cols.map((c) => sql`${values[c]}`),
            sql`, `,
          )}) RETURNING *`,
    );
    return r?.id ?? 0;
  };
  const user = await insert('users', {
    username: 'full',
    email: 'full@example.mn',
    email_confirmed: true,
    password_hash: 'x',
    role: 'PLAYER',
    status: 'active',
    bank: 'KHAN',
    account_number: '123456',
    deposit_code: 'FULL01',
    token_version: 2,
    created_at: ts,
    last_login_at: ts,
    deleted_at: ts,
    payout_changed_at: ts,
    payout_hold_until: ts,
    is_bot: false,
    hold_reason: 'review',
    hold_since: ts,
    avatar: 'horse',
  });
  await ex.execute(sql`UPDATE users SET hold_by = ${user} WHERE id = ${user}`);
  const table = await insert('poker_tables', {
    name: 'Full',
    variant: 'NT',
    small_blind: 50,
    big_blind: 100,
    min_buy_in: 2000,
    max_buy_in: 10000,
    max_players: 6,
    rake_percent: 4.5,
    rake_cap: 200,
    action_time: 20,
    jackpot_percent: 1.5,
    status: 'open',
    created_at: ts,
    deleted_at: ts,
    simulation: true,
  });
  await insert('table_leases', { table_id: table, owner: 'i1', epoch: 7, expires_at: ts });
  await insert('instances', { id: 'i1', started_at: ts, seen_at: ts, draining: true });
  const hand = await insert('hands', {
    table_id: table,
    hand_number: 1,
    started_at: ts,
    ended_at: ts,
    seed_hash: 'h',
    seed: 's',
    cards_root: 'r',
    entropy: JSON.stringify([{ seat: 0 }]),
    phh: 'p',
    summary: JSON.stringify({ pot: 1 }),
    status: 'settled',
    start_stacks: JSON.stringify({ 0: 100 }),
    void_reason: 'v',
    epoch: 7,
    button: 0,
  });
  const account = await insert('accounts', { user_id: user, kind: 'table', table_id: table, balance: 0, created_at: ts });
  const bank = (await first<{ id: number }>(ex, sql`SELECT id FROM accounts WHERE kind = 'bank'`))!.id;
  const transfer = await insert('transfers', {
    idempotency_key: 'full',
    debit_account_id: bank,
    credit_account_id: account,
    amount: 100,
    kind: 'BUY_IN',
    reference: 'ref',
    table_id: table,
    hand_id: hand,
    actor_user_id: user,
    reason: 'why',
    created_at: ts,
    epoch: 7,
  });
  await insert('table_seats', { table_id: table, seat: 0, user_id: user, is_bot: true, joined_at: ts, epoch: 7 });
  await insert('hand_players', { hand_id: hand, user_id: user, seat: 0 });
  const deposit = await insert('deposits', {
    code: 'D1',
    user_id: user,
    amount: 100,
    note: 'n',
    created_by: user,
    created_at: ts,
    idempotency_key: 'dk',
    transfer_id: transfer,
  });
  await insert('withdrawals', {
    code: 'W1',
    user_id: user,
    amount: 100,
    status: 'REJECTED',
    bank: 'KHAN',
    account_number: '123456',
    requested_at: ts,
    resolved_by: user,
    resolved_at: ts,
    reject_reason: 'r',
    idempotency_key: 'wk',
    hold_transfer_id: transfer,
    resolve_transfer_id: transfer,
    hold_until: ts,
    first_approved_by: user,
    first_approved_at: ts,
  });
  await insert('login_throttle', { username_lower: 'full', failed_count: 1, window_start: ts, locked_until: ts, alerted_at: ts });
  await insert('login_failures', { username_lower: 'full', source: '1.2.3.4', failures: 1, last_failure_at: ts, blocked_until: ts });
  await insert('login_sources', { user_id: user, source: '1.2.3.4', last_success_at: ts });
  await insert('email_confirmations', { token_hash: 'e', user_id: user, email: 'full@example.mn', created_at: ts, expires_at: ts, used_at: ts });
  await insert('password_resets', { token_hash: 'p', user_id: user, created_at: ts, expires_at: ts, used_at: ts });
  await insert('user_totp', { user_id: user, secret: 's', enabled_at: ts, last_time_step: 123, created_at: ts });
  await insert('user_recovery_codes', { user_id: user, code_hash: 'c', used_at: ts });
  await insert('blocks', { name: 'full', content_en: 'en', content_mn: 'mn', updated_at: ts });
  await insert('settings', { id: 1, value: JSON.stringify({ maintenance: { enabled: false } }) });
  await insert('chat_messages', { user_id: user, table_id: table, text: 't', created_at: ts, hidden_at: ts, hidden_by: user });
  await insert('user_notes', { user_id: user, author_id: user, text: 'n', created_at: ts });
  await insert('audit_log', {
    created_at: ts,
    actor_id: user,
    actor_name: 'full',
    actor_role: 'ADMIN',
    ip: '127.0.0.1',
    action: 'user.hold',
    object_type: 'user',
    object_id: String(user),
    user_id: user,
    before: JSON.stringify({ hold: null }),
    after: JSON.stringify({ hold: 'review' }),
  });
  const tournament = await insert('tournaments', {
    name: 'Full',
    kind: 'mtt',
    variant: 'NT',
    status: 'finished',
    buy_in: 10000,
    fee: 1000,
    starting_stack: 5000,
    table_size: 9,
    min_entrants: 2,
    max_entrants: 100,
    starts_at: ts,
    late_reg_levels: 2,
    reentry_max: 1,
    guarantee: 500000,
    structure: JSON.stringify({ levels: [] }),
    payouts: JSON.stringify({ bands: [] }),
    state: JSON.stringify({ level: 0 }),
    cancel_reason: 'c',
    created_by: user,
    created_at: ts,
    started_at: ts,
    finished_at: ts,
  });
  await insert('accounts', { kind: 'tournament', tournament_id: tournament, balance: 0, created_at: ts });
  await ex.execute(sql`UPDATE poker_tables SET tournament_id = ${tournament} WHERE id = ${table}`);
  await insert('tournament_leases', { tournament_id: tournament, owner: 'i1', epoch: 3, expires_at: ts });
  const entry = await insert('tournament_entries', {
    tournament_id: tournament,
    user_id: user,
    entry_no: 1,
    status: 'busted',
    paid_buy_in: 10000,
    paid_fee: 1000,
    chips: 0,
    place: 1,
    prize: 10000,
    registered_at: ts,
    finished_at: ts,
  });
  await insert('tournament_purchases', {
    tournament_id: tournament,
    entry_id: entry,
    user_id: user,
    kind: 'rebuy',
    chips: 5000,
    paid_buy_in: 10000,
    paid_fee: 1000,
    status: 'applied',
    created_at: ts,
  });
  await fillPayments(insert, { user, deposit, transfer });
  await fillIntegrity(insert, user);
  await fillFastFold(insert, ex, { user, table });
}

/** A fast-fold pool (docs/fast-fold.md) anchored on the full table, with one player. */
async function fillFastFold(
  insert: (table: string, values: Record<string, unknown>) => Promise<number>,
  ex: TestDb['handle']['db'],
  { user, table }: { user: number; table: number },
) {
  const pool = await insert('fast_fold_pools', {
    name: 'Rush',
    variant: 'NT',
    small_blind: 50,
    big_blind: 100,
    min_buy_in: 2000,
    max_buy_in: 10000,
    max_players: 6,
    rake_percent: 5,
    rake_cap: 300,
    action_time: 15,
    status: 'open',
    created_at: ts,
    anchor_table_id: table,
  });
  await ex.execute(sql`UPDATE poker_tables SET pool_id = ${pool} WHERE id = ${table}`);
  await insert('fast_fold_players', { pool_id: pool, user_id: user, is_bot: false, since_bb: 3, joined_at: ts });
}

/** The payments' tables (docs/payments.md): two invoices, as a paid one has no closed_at and a closed one no paid_at. */
async function fillPayments(
  insert: (table: string, values: Record<string, unknown>) => Promise<number>,
  k: { user: number; deposit: number; transfer: number },
) {
  const invoice = {
    user_id: k.user,
    amount: 100,
    qpay_invoice_id: 'q1',
    qr_text: 'qr',
    short_url: 'https://qpay.mn/s/1',
    deep_links: JSON.stringify([{ name: 'Khan bank', description: 'd', link: 'khanbank://q' }]),
    paid_amount: 100,
    credited_amount: 100,
    idempotency_key: 'qk',
    created_at: ts,
    expires_at: ts,
    last_checked_at: ts,
    checks: 2,
    error: 'e',
  };
  const paid = await insert('qpay_invoices', { ...invoice, ref: 'QPFULL01', status: 'PAID', paid_at: ts });
  await insert('qpay_invoices', { ...invoice, ref: 'QPFULL02', qpay_invoice_id: 'q2', idempotency_key: 'qk2', status: 'EXPIRED', closed_at: ts });
  await insert('qpay_payments', {
    payment_id: 'p1',
    invoice_id: paid,
    user_id: k.user,
    qpay_status: 'PAID',
    amount_text: '100.00',
    amount: 100,
    currency: 'MNT',
    paid_at: ts,
    decision: 'CREDITED',
    rule: 'review',
    reason: 'r',
    deposit_id: k.deposit,
    transfer_id: k.transfer,
    recorded_at: ts,
    reviewed_by: k.user,
    reviewed_at: ts,
  });
  const statement = await insert('bank_statements', {
    bank: 'KHAN',
    format: 'KHAN',
    filename: 'st.csv',
    sha256: 'h',
    period_from: ts,
    period_to: ts,
    line_count: 1,
    added: 1,
    duplicates: 0,
    uploaded_by: k.user,
    uploaded_at: ts,
  });
  await insert('bank_statement_lines', {
    statement_id: statement,
    line_no: 3,
    fingerprint: 'f',
    booked_at: ts,
    direction: 'IN',
    amount: 100,
    description: 'DACDEFGH',
    counterparty: '5001112233',
    bank_ref: 'r',
    deposit_code: 'DACDEFGH',
    user_id: k.user,
    status: 'CREDITED',
    note: 'n',
    deposit_id: k.deposit,
    resolved_by: k.user,
    resolved_at: ts,
  });
  const batch = await insert('payout_batches', {
    code: 'PB-FULL',
    bank: 'KHAN',
    status: 'PAID',
    item_count: 1,
    total: 100,
    created_by: k.user,
    created_at: ts,
    exported_at: ts,
    bank_reference: 'ref',
    paid_by: k.user,
    paid_at: ts,
  });
  await insert('payout_batches', {
    code: 'PB-FULL2',
    bank: 'KHAN',
    status: 'CANCELLED',
    item_count: 1,
    total: 100,
    created_by: k.user,
    cancelled_by: k.user,
    cancelled_at: ts,
    cancel_reason: 'r',
  });
  const paidOut = await insert('withdrawals', {
    code: 'W2',
    user_id: k.user,
    amount: 100,
    status: 'APPROVED',
    bank: 'KHAN',
    account_number: '123456',
    requested_at: ts,
    payout_batch_id: batch,
    paid_out_at: ts,
    paid_out_reference: 'ref',
  });
  await insert('payout_batch_items', { batch_id: batch, withdrawal_id: paidOut, amount: 100, account_number: '123456', active: true });
  await insert('qpay_reported_payments', {
    payment_id: 'p1',
    qpay_invoice_id: 'q1',
    status: 'PAID',
    amount_text: '100.00',
    amount: 100,
    currency: 'MNT',
    paid_at: ts,
    fetched_at: ts,
  });
  await insert('qpay_list_fetches', { ub_date: '2024-05-01', fetched_at: ts });
  // Safer play (0800).
  await insert('safer_profiles', { user_id: k.user, adult_confirmed_at: ts, reminder_minutes: 30, session_started_at: ts, session_active_at: ts });
  await insert('safer_limits', { user_id: k.user, kind: 'LOSS_DAY', amount: 100, pending_amount: 200, pending_from: ts, updated_at: ts });
  await insert('safer_exclusions', { user_id: k.user, kind: 'COOL_OFF', starts_at: ts, ends_at: ts, set_by: k.user, created_at: ts });
  await insert('identity_checks', {
    user_id: k.user,
    kind: 'BANK_PROOF',
    status: 'REJECTED',
    document_mime: 'image/png',
    document: 'AA==',
    second_mime: 'image/png',
    second: 'AA==',
    reason: 'r',
    reviewed_by: k.user,
    reviewed_at: ts,
    created_at: ts,
  });
  // The regulars' notes and push subscriptions (0850).
  const other = await insert('users', {
    username: 'other',
    email: 'other@example.mn',
    password_hash: 'x',
    bank: 'KHAN',
    account_number: '654321',
    deposit_code: 'OTHR01',
  });
  await insert('player_notes', { owner_id: k.user, target_id: other, tag: 'red', note: 'n', updated_at: ts });
  await insert('push_subscriptions', {
    user_id: k.user,
    endpoint: 'https://push.example/1',
    p256dh: 'k',
    auth: 'a',
    kinds: '["cashier"]',
    language: 'mn',
    created_at: ts,
    updated_at: ts,
  });
}

describe('schema.ts and the migrated database', () => {
  it('describes every column of every migrated table: name, nullability and type', async () => {
    const info = await rows<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string }>(
      db.handle.db,
      sql`SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    const migrated = info.map((c) => `${c.table_name}.${c.column_name} ${c.is_nullable === 'NO' ? 'not null' : 'null'} ${coarse(c.data_type)}`);
    const described = tables.flatMap((t) => {
      const c = getTableConfig(t);
      return c.columns.map((col) => `${c.name}.${col.name} ${col.notNull ? 'not null' : 'null'} ${coarse(col.getSQLType())}`);
    });
    expect(described.sort()).toEqual(migrated.sort());
  });

  it('reads every table with SELECT * as the values the schema declares, on this driver', async () => {
    for (const t of tables) {
      const { name, columns } = getTableConfig(t);
      const read = await rows<Record<string, unknown>>(db.handle.db, sql`SELECT * FROM ${sql.identifier(name)}`);
      expect(read.length, name).toBeGreaterThan(0);
      expect(Object.keys(read[0]).sort(), name).toEqual(columns.map((c) => c.name).sort());
      for (const col of columns) {
        const where = `${name}.${col.name}`;
        const set = read.map((r) => r[col.name]).filter((v) => v !== null);
        expect(set.length, `${where}: no row sets it; add it to fillEveryColumn`).toBeGreaterThan(0);
        for (const v of set) expect(typeof v, where).toBe(KIND[col.dataType]);
        if (col.dataType === 'number') for (const v of set) expect(Number.isFinite(v), where).toBe(true);
        // Timestamps as UTC text (the schema's mode 'string'), the same on both drivers.
        if (col.columnType === 'PgTimestampString') for (const v of set) expect(v, where).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00$/);
      }
    }
    const users = await rows<{ created_at: string }>(db.handle.db, sql`SELECT created_at FROM users WHERE username = 'full'`);
    expect(users[0].created_at).toBe(ts);
    expect(iso(users[0].created_at)).toBe('2024-05-01T10:00:00.123Z');
  });

  it('answers numbers for counts, sums, numeric and int8 arrays, and UTC text for any time zone', async () => {
    const r = await first<Record<string, unknown>>(
      db.handle.db,
      sql`SELECT count(*) AS n, sum(balance) AS s, 1.5::numeric AS d, ceil(extract(epoch FROM interval '90 seconds')) AS e,
                 ARRAY[1::int8, 2::int8] AS a, '2024-05-01 12:00:00+02'::timestamptz AS t, now() AS now
          FROM accounts`,
    );
    expect(r).toMatchObject({ n: 6, s: 0, d: 1.5, e: 90, a: [1, 2], t: '2024-05-01 10:00:00+00' });
    expect(Math.abs(Date.parse(iso(r!.now as string)) - Date.now())).toBeLessThan(60_000);
  });
});

/** The integrity tables (0820, docs/integrity.md); the cursor's one row comes with the migration. */
async function fillIntegrity(insert: (table: string, values: Record<string, unknown>) => Promise<number>, user: number) {
  const json = (v: unknown) => JSON.stringify(v);
  const other = await insert('users', {
    username: 'full2',
    email: 'full2@example.mn',
    email_confirmed: true,
    password_hash: 'x',
    role: 'PLAYER',
    status: 'active',
    bank: 'KHAN',
    account_number: '5000',
    deposit_code: 'FULL2',
  });
  const [a, b] = user < other ? [user, other] : [other, user];
  await insert('integrity_player_stats', { user_id: user, game: 'texas', big_blind: 200, hands: 1, counters: json({ hands: 1 }) });
  await insert('integrity_activity', { user_id: user, activity: json({ hands: 1 }) });
  await insert('integrity_player_days', { user_id: user, day: '2024-05-01', hands: 1, net: -200 });
  await insert('integrity_pairs', { user_a: a, user_b: b, together: 1, counters: json({ together: 1 }) });
  await insert('integrity_logins', { user_id: user, ip: '10.0.0.1', device: 'd1', first_at: ts, last_at: ts, count: 2 });
  const kase = await insert('integrity_cases', {
    title: 'c',
    status: 'open',
    user_ids: json([a, b]),
    assignee_id: user,
    created_by: user,
    created_at: ts,
    updated_at: ts,
  });
  await insert('integrity_alerts', {
    signal_key: 'bot:1',
    kind: 'bot',
    user_ids: json([user]),
    score: 60,
    evidence: json({ figures: {} }),
    status: 'case',
    case_id: kase,
    created_at: ts,
    updated_at: ts,
  });
  await insert('integrity_case_notes', { case_id: kase, author_id: user, text: 'n', created_at: ts });
  await insert('integrity_standing', { user_id: user, standing: 'frozen', reason: 'r', case_id: kase, set_by: other, set_at: ts });
  await insert('integrity_restitutions', {
    case_id: kase,
    offender_id: user,
    payments: json([{ userId: other, amount: 100 }]),
    total: 100,
    reason: 'r',
    status: 'paid',
    proposed_by: user,
    proposed_at: ts,
    resolved_by: other,
    resolved_at: ts,
  });
}
