// The role matrix: every staff and administrator route of the contract, called by an ADMIN, a
// SUPPORT and a PLAYER with real data. ADMIN may call them all; SUPPORT exactly the 'staff' ones
// (users read-only apart from notes and holds, deposits, withdrawals, kicks, chat moderation);
// PLAYER none. A route added to the contract without a case here fails the first test.
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef, type RouteName } from '../../src/shared/api/routes';
import { CreateTournamentBody } from '../../src/shared/api/tournaments';
import { CreatePoolBody } from '../../src/shared/api/pools';
import { errCode, setupApp, type TestUser } from './helpers/app';

const ctx = setupApp();
const A = '/api/v1/admin';
type Role = 'ADMIN' | 'SUPPORT' | 'PLAYER';
interface Call {
  url: string;
  payload?: object;
  /** The handler runs but may refuse for a reason of its own (not a live seat, a closed table). */
  reached?: boolean;
}

let n = 0;
const unique = (p: string) => `${p}${Date.now().toString(36)}${n++}`;
const table = async (status: 'open' | 'closed' = 'open') =>
  (
    await ctx.services.tables.create({
      name: unique('Roles '),
      variant: 'NT',
      smallBlind: 50,
      bigBlind: 100,
      minBuyIn: 2_000,
      maxBuyIn: 10_000,
      maxPlayers: 6,
      status,
    })
  ).tableId;
const withdrawal = async () => {
  const p = await ctx.player({ balance: 50_000 });
  return ctx.services.wallet.createWithdrawal(p.userId, 20_000);
};
const SNG = { name: 'Roles SNG', kind: 'sng', buyIn: 10_000, fee: 1_000, startingStack: 1_500, tableSize: 6, minEntrants: 6, maxEntrants: 6 };
const LEVELS = { levels: [{ level: 1, smallBlind: 10, bigBlind: 20, ante: 0, durationSec: 300 }] };
const tournament = async () =>
  (await ctx.services.tournaments.create({ ...(await ctx.admin()), role: 'ADMIN', ip: null }, CreateTournamentBody.parse({ ...SNG, structure: LEVELS }))).id;
const POOL = { variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6 } as const;
const pool = async () =>
  (await ctx.services.pools.create({ ...(await ctx.admin()), role: 'ADMIN', ip: null }, CreatePoolBody.parse({ ...POOL, name: unique('P ') }))).poolId;
const approvedWithdrawal = async () => {
  const w = await withdrawal();
  await ctx.services.payouts.resolve({ ...(await ctx.admin()), role: 'ADMIN', ip: null }, w.id, 'APPROVED');
  return w.id;
};
/** An open payout batch of one fresh approved withdrawal. */
const payoutBatch = async () =>
  (await ctx.app.payments.payoutBatches.create({ ...(await ctx.admin()), role: 'ADMIN', ip: null }, 'KHAN', [await approvedWithdrawal()])).id;
/** A fresh unmatched money-in line of a statement of its own. */
const statementLine = async (amount = 1_000) => {
  const content = `date,amount,description,reference,counterparty\n2026-11-01,${amount},${unique('line')},,\n`;
  const st = await ctx.app.payments.statements.upload(
    { ...(await ctx.admin()), role: 'ADMIN', ip: null },
    { bank: 'KHAN', format: 'GENERIC', filename: 'r.csv', content },
  );
  return { statementId: st.id, id: (await ctx.app.payments.statementViews.lines({ statementId: st.id, page: 1, perPage: 1 })).items[0].id };
};
/** A pending identity check of a fresh player (two tiny JPEGs). */
const JPEG = { mime: 'image/jpeg' as const, data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1]).toString('base64') };
const identityCheck = async () =>
  (await ctx.services.safer.identity.upload((await ctx.player()).userId, { kind: 'DOCUMENT_SELFIE', document: JPEG, second: JPEG })).id;
const block = async () => (await ctx.services.blocks.create({ name: unique('roles-'), content: { en: 'e', mn: 'm' } })).name;

/** One real call of each route (fresh data for every call). */
/** An integrity case of a funded offender and another player (docs/integrity.md). */
const integrityCase = async () => {
  const offender = await ctx.player({ balance: 10_000 });
  const other = await ctx.player();
  const admin = { ...(await ctx.admin()), role: 'ADMIN' as const, ip: null };
  const kase = await ctx.services.integrity.cases.create(admin, { title: unique('Case '), userIds: [offender.userId, other.userId] });
  return { id: kase.id, offender: offender.userId, other: other.userId, admin };
};
/** A restitution proposed by the harness's administrator (another ADMIN may decide it). */
const restitution = async () => {
  const c = await integrityCase();
  return (
    await ctx.services.integrity.restitutions.propose(c.admin, c.id, { offenderId: c.offender, payments: [{ userId: c.other, amount: 100 }], reason: 'r' })
  ).id;
};
const I = `${A}/integrity`;

const CASES: Record<string, () => Promise<Call>> = {
  integrityAlerts: async () => ({ url: `${I}/alert?minScore=50` }),
  integrityAlert: async () => ({ url: `${I}/alert/999999`, reached: true }),
  integrityAlertStatus: async () => ({ url: `${I}/alert/999999/status`, payload: { status: 'dismissed' }, reached: true }),
  integrityPlayer: async () => ({ url: `${I}/player/${(await ctx.player()).userId}` }),
  integrityGroup: async () => ({ url: `${I}/group/${(await ctx.player()).userId}` }),
  integrityCases: async () => ({ url: `${I}/case?status=open` }),
  integrityHand: async () => ({ url: `${I}/hand/999999`, reached: true }),
  integrityCase: async () => ({ url: `${I}/case/${(await integrityCase()).id}` }),
  createIntegrityCase: async () => ({ url: `${I}/case`, payload: { title: 'Roles', userIds: [(await ctx.player()).userId] } }),
  updateIntegrityCase: async () => ({ url: `${I}/case/${(await integrityCase()).id}`, payload: { status: 'investigating' } }),
  addIntegrityCaseNote: async () => ({ url: `${I}/case/${(await integrityCase()).id}/note`, payload: { text: 'Seen' } }),
  setIntegrityStanding: async () => {
    const c = await integrityCase();
    return { url: `${I}/case/${c.id}/standing`, payload: { userId: c.offender, standing: 'warned', reason: 'r' } };
  },
  proposeRestitution: async () => {
    const c = await integrityCase();
    return { url: `${I}/case/${c.id}/restitution`, payload: { offenderId: c.offender, payments: [{ userId: c.other, amount: 100 }], reason: 'r' } };
  },
  approveRestitution: async () => ({ url: `${I}/restitution/${await restitution()}/approve` }),
  rejectRestitution: async () => ({ url: `${I}/restitution/${await restitution()}/reject`, payload: { reason: 'no' } }),
  adminWithdrawals: async () => ({ url: `${A}/withdrawal?status=NOT_APPROVED` }),
  approveWithdrawal: async () => ({ url: `${A}/withdrawal/approve?withdrawalId=${(await withdrawal()).id}` }),
  rejectWithdrawal: async () => ({ url: `${A}/withdrawal/reject?withdrawalId=${(await withdrawal()).id}`, payload: { reason: 'Wrong account' } }),
  adminDeposits: async () => ({ url: `${A}/deposit` }),
  createDeposit: async () => ({ url: `${A}/deposit`, payload: { userId: (await ctx.player()).userId, amount: 1_000 } }),
  adminUsers: async () => ({ url: `${A}/user/search?q=p` }),
  adminUser: async () => ({ url: `${A}/user?userId=${(await ctx.player()).userId}` }),
  adminUserLedger: async () => ({ url: `${A}/user/ledger?userId=${(await ctx.player({ balance: 10 })).userId}` }),
  deleteUser: async () => ({ url: `${A}/user?userId=${(await ctx.player()).userId}` }),
  changeRole: async () => ({ url: `${A}/user/role?userId=${(await ctx.player()).userId}`, payload: { role: 'SUPPORT' } }),
  adminTables: async () => ({ url: `${A}/table` }),
  adminTable: async () => ({ url: `${A}/table/${await table()}` }),
  createTable: async () => ({
    url: `${A}/table`,
    payload: { name: unique('New '), variant: 'PO', smallBlind: 100, bigBlind: 200, minBuyIn: 4_000, maxBuyIn: 20_000, maxPlayers: 6, status: 'closed' },
  }),
  updateTable: async () => ({ url: `${A}/table?tableId=${await table()}`, payload: { name: unique('Renamed ') } }),
  deleteTable: async () => ({ url: `${A}/table?tableId=${await table()}` }),
  tableSessions: async () => ({ url: `${A}/table/session?tableId=${await table()}` }),
  blocks: async () => ({ url: `${A}/block/list` }),
  adminBlock: async () => ({ url: `${A}/block/${await block()}` }),
  createBlock: async () => ({ url: `${A}/block`, payload: { name: unique('new-'), content: { en: 'Hello', mn: 'Сайн уу' } } }),
  putBlock: async () => ({ url: `${A}/block/${await block()}`, payload: { content: { en: 'New', mn: 'Шинэ' } } }),
  deleteBlock: async () => ({ url: `${A}/block/${await block()}` }),
  settings: async () => ({ url: `${A}/settings` }),
  putSettings: async () => ({ url: `${A}/settings`, payload: await ctx.services.settings.get() }),
  stats: async () => ({ url: `${A}/stats?days=7` }),
  reports: async () => ({ url: `${A}/report?period=month` }),
  audit: async () => ({ url: `${A}/audit?action=deposit.create` }),
  userAudit: async () => ({ url: `${A}/user/audit?userId=${(await ctx.player({ balance: 10 })).userId}` }),
  userNotes: async () => ({ url: `${A}/user/note?userId=${(await ctx.player()).userId}` }),
  createUserNote: async () => ({ url: `${A}/user/note`, payload: { userId: (await ctx.player()).userId, text: 'Called about a late payout' } }),
  holdUser: async () => ({ url: `${A}/user/hold?userId=${(await ctx.player()).userId}`, payload: { reason: 'Documents requested' } }),
  releaseUser: async () => {
    const p = await ctx.player();
    await ctx.services.staff.hold({ ...(await ctx.admin()), role: 'ADMIN', ip: null }, p.userId, 'Review');
    return { url: `${A}/user/hold?userId=${p.userId}` };
  },
  adminChat: async () => ({ url: `${A}/chat?hidden=false` }),
  hideChatMessage: async () => ({ url: `${A}/chat?id=${(await ctx.services.chat.post((await ctx.player()).userId, 'spam spam')).id}` }),
  adminTournaments: async () => ({ url: `${A}/tournament?status=registering` }),
  adminTournament: async () => ({ url: `${A}/tournament/${await tournament()}` }),
  createTournament: async () => ({ url: `${A}/tournament`, payload: { ...SNG, name: unique('T '), structure: LEVELS } }),
  updateTournament: async () => ({ url: `${A}/tournament/${await tournament()}`, payload: { name: unique('Renamed ') } }),
  cancelTournament: async () => ({ url: `${A}/tournament/${await tournament()}/cancel`, payload: { reason: 'Test' } }),
  addTournamentBots: async () => ({ url: `${A}/tournament/${await tournament()}/bots`, payload: { count: 1 } }),
  // Fast-fold pools (docs/fast-fold.md); bots may find the pool not yet opened by its director.
  adminPools: async () => ({ url: `${A}/pool?status=open` }),
  createPool: async () => ({ url: `${A}/pool`, payload: { ...POOL, name: unique('P ') } }),
  closePool: async () => ({ url: `${A}/pool/${await pool()}/close` }),
  addPoolBots: async () => ({ url: `${A}/pool/${await pool()}/bots`, payload: { count: 1 }, reached: true }),
  // Payments (docs/payments.md; QPay itself is off here: the QPay suites call it for real).
  adminQPayInvoices: async () => ({ url: `${A}/qpay/invoice?status=PAID` }),
  checkQPayInvoice: async () => ({ url: `${A}/qpay/invoice/check?invoiceId=999999`, reached: true }),
  adminQPayPayments: async () => ({ url: `${A}/qpay/payment?decision=HELD` }),
  reviewQPayPayment: async () => ({ url: `${A}/qpay/payment/review?paymentId=999999`, payload: { decision: 'CREDIT', reason: 'Checked' }, reached: true }),
  uploadStatement: async () => ({
    url: `${A}/statement`,
    payload: {
      bank: 'KHAN',
      format: 'GENERIC',
      filename: 'roles.csv',
      content: `date,amount,description,reference,counterparty\n2026-11-01,1000,${unique('roles')},,\n`,
    },
  }),
  statements: async () => ({ url: `${A}/statement` }),
  statement: async () => ({ url: `${A}/statement/${(await statementLine()).statementId}` }),
  statementLines: async () => ({ url: `${A}/statement-line?status=UNMATCHED` }),
  confirmStatementLine: async () => ({
    url: `${A}/statement-line/confirm?lineId=${(await statementLine()).id}`,
    payload: { userId: (await ctx.player()).userId },
  }),
  assignStatementLine: async () => ({
    url: `${A}/statement-line/assign?lineId=${(await statementLine()).id}`,
    payload: { userId: (await ctx.player()).userId },
  }),
  ignoreStatementLine: async () => ({ url: `${A}/statement-line/ignore?lineId=${(await statementLine()).id}`, payload: { reason: 'Not a deposit' } }),
  linkStatementLine: async () => {
    const line = await statementLine(1_000);
    const d = await ctx.services.wallet.createDeposit((await ctx.admin()).userId, { userId: (await ctx.player()).userId, amount: 1_000 });
    return { url: `${A}/statement-line/link?lineId=${line.id}`, payload: { depositId: d.id } };
  },
  payoutsDue: async () => ({ url: `${A}/payout-batch/due` }),
  payoutBatches: async () => ({ url: `${A}/payout-batch?status=OPEN` }),
  payoutBatch: async () => ({ url: `${A}/payout-batch/${await payoutBatch()}` }),
  createPayoutBatch: async () => ({ url: `${A}/payout-batch`, payload: { bank: 'KHAN', withdrawalIds: [await approvedWithdrawal()] } }),
  payoutBatchFile: async () => ({ url: `${A}/payout-batch/${await payoutBatch()}/file` }),
  payoutBatchPaid: async () => ({ url: `${A}/payout-batch/${await payoutBatch()}/paid`, payload: { bankReference: 'REF-1' } }),
  cancelPayoutBatch: async () => ({ url: `${A}/payout-batch/${await payoutBatch()}/cancel`, payload: { reason: 'Not sent' } }),
  reconciliation: async () => ({ url: `${A}/reconciliation?channel=BANK_IN` }),
  reconciliationDifferences: async () => ({ url: `${A}/reconciliation/difference?channel=BANK_IN` }),
  reconciliationAlerts: async () => ({ url: `${A}/reconciliation/alerts` }),
  refreshReconciliation: async () => ({ url: `${A}/reconciliation/refresh`, payload: {} }),
  // Safer play (docs/safer-play.md).
  adminIdentityChecks: async () => ({ url: `${A}/identity-check?status=PENDING` }),
  adminIdentityCheck: async () => ({ url: `${A}/identity-check/${await identityCheck()}` }),
  reviewIdentityCheck: async () => ({ url: `${A}/identity-check/review?id=${await identityCheck()}`, payload: { decision: 'APPROVED' } }),
  adminSaferPlay: async () => ({ url: `${A}/user/safer-play?userId=${(await ctx.player()).userId}` }),
  adminExclude: async () => ({
    url: `${A}/user/safer-play/exclusion?userId=${(await ctx.player()).userId}`,
    payload: { kind: 'COOL_OFF', days: 1, reason: 'Asked by phone' },
  }),
  // Live: the table's owner answers (not seated / closed table); the role check comes first.
  kick: async () => ({ url: `${A}/table/kick?tableId=${await table()}&userId=${(await ctx.player()).userId}`, reached: true }),
  startSimulation: async () => ({ url: `${A}/table/simulate?tableId=${await table('closed')}`, reached: true }),
  stopSimulation: async () => ({ url: `${A}/table/simulate?tableId=${await table('closed')}`, reached: true }),
};

const staffRoutes = (Object.entries(routes) as [RouteName, RouteDef][]).filter(([, d]) => d.access === 'admin' || d.access === 'staff');
/** Who may call each route, as docs/admin.md states it. */
const SUPPORT_MAY = [
  'adminWithdrawals',
  'approveWithdrawal',
  'rejectWithdrawal',
  'adminDeposits',
  'createDeposit',
  'adminUsers',
  'adminUser',
  'adminUserLedger',
  'adminTables',
  'adminTable',
  'tableSessions',
  'kick',
  'userAudit',
  'userNotes',
  'createUserNote',
  'holdUser',
  'releaseUser',
  'adminChat',
  'hideChatMessage',
  'adminTournaments',
  'adminPools',
  'adminTournament',
  'adminQPayInvoices',
  'checkQPayInvoice',
  'adminQPayPayments',
  'reviewQPayPayment',
  'uploadStatement',
  'statements',
  'statement',
  'statementLines',
  'confirmStatementLine',
  'assignStatementLine',
  'ignoreStatementLine',
  'linkStatementLine',
  'payoutsDue',
  'payoutBatches',
  'payoutBatch',
  'createPayoutBatch',
  'payoutBatchFile',
  'payoutBatchPaid',
  'cancelPayoutBatch',
  'adminIdentityChecks',
  'adminIdentityCheck',
  'reviewIdentityCheck',
  'adminSaferPlay',
  'adminExclude',
  // Integrity (docs/integrity.md): support staff see and write case notes; administrators act.
  'integrityAlerts',
  'integrityAlert',
  'integrityPlayer',
  'integrityGroup',
  'integrityHand',
  'integrityCases',
  'integrityCase',
  'addIntegrityCaseNote',
];

describe('roles on every staff route', () => {
  it('has a case for every staff and administrator route, and SUPPORT gets exactly the staff ones', () => {
    expect(staffRoutes.map(([name]) => name).sort()).toEqual(Object.keys(CASES).sort());
    expect(staffRoutes.filter(([, d]) => d.access === 'staff').map(([name]) => name)).toEqual(expect.arrayContaining(SUPPORT_MAY));
    expect(staffRoutes.filter(([, d]) => d.access === 'staff')).toHaveLength(SUPPORT_MAY.length);
  });

  const users: Record<Role, () => Promise<TestUser>> = {
    ADMIN: () => ctx.staff('ADMIN'),
    SUPPORT: () => ctx.staff('SUPPORT'),
    PLAYER: () => ctx.player(),
  };
  const matrix = staffRoutes.flatMap(([name, def]) => (['ADMIN', 'SUPPORT', 'PLAYER'] as Role[]).map((role) => [name, role, def] as const));

  it.each(matrix)('%s as %s', async (name, role, def) => {
    const as = await users[role]();
    const c = await CASES[name]();
    const res = await ctx.call({ method: def.method, url: c.url, as, payload: c.payload });
    const allowed = role === 'ADMIN' || (role === 'SUPPORT' && def.access === 'staff');
    if (!allowed) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errCode(res)).toBe('FORBIDDEN');
      return;
    }
    if (c.reached) {
      expect(res.statusCode, res.body).not.toBe(403);
      expect([200, 404, 409]).toContain(res.statusCode);
    } else expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('a refused call changes nothing: a player cannot deposit, a support agent cannot change a role', async () => {
    const p = await ctx.player();
    const support = await ctx.staff();
    expect((await ctx.call({ method: 'POST', url: `${A}/deposit`, as: p, payload: { userId: p.userId, amount: 5_000 } })).statusCode).toBe(403);
    expect((await ctx.services.ledger.balances(ctx.services.db, p.userId)).available).toBe(0);
    const promote = await ctx.call({ method: 'PATCH', url: `${A}/user/role?userId=${support.userId}`, as: support, payload: { role: 'ADMIN' } });
    expect(promote.statusCode).toBe(403);
    expect((await ctx.services.userAdmin.adminUser(support.userId))?.role).toBe('SUPPORT');
  });

  it('isAdmin stays true for ADMIN only; SUPPORT signs in as SUPPORT', async () => {
    const support = await ctx.staff();
    const admin = await ctx.staff('ADMIN');
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/me', as: support })).json()).toMatchObject({ role: 'SUPPORT', isAdmin: false });
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/me', as: admin })).json()).toMatchObject({ role: 'ADMIN', isAdmin: true });
  });
});
