// Bank statements (docs/payments.md): staff upload the bank's CSV; lines are matched to players by
// their deposit code, proposed, and credited on confirmation exactly once (racing staff, the same
// file again, an overlapping statement); unmatched lines get a player, lines that are no deposit
// are set aside, a deposit typed by hand is linked rather than credited twice; a bad file is a
// clear 400 with its lines, never a 500 and never a change to anyone's money.
import { describe, expect, it } from 'vitest';
import { errCode, setupApp, type TestUser } from './helpers/app';

const ctx = setupApp();
const A = '/api/v1/admin';

const available = async (userId: number) => (await ctx.services.ledger.balances(ctx.services.db, userId)).available;
const codeOf = async (p: TestUser) => (await ctx.services.userAdmin.adminUser(p.userId))!.depositCode;

async function upload(content: string, filename = `st-${Date.now()}.csv`, format = 'AUTO') {
  return ctx.call({ method: 'POST', url: `${A}/statement`, as: await ctx.staff(), payload: { bank: 'KHAN', format, filename, content } });
}
type Line = {
  id: number;
  lineNo: number;
  status: string;
  userId: number | null;
  note: string | null;
  possibleDuplicate: { depositId: number } | null;
  depositRecord: string | null;
};
async function lines(statementId: number): Promise<Line[]> {
  return (await ctx.call({ method: 'GET', url: `${A}/statement-line?statementId=${statementId}&sort=lineNo&order=ASC`, as: await ctx.admin() })).json().items;
}
const act = async (what: string, lineId: number, payload: object = {}, as?: TestUser) =>
  ctx.call({ method: 'PUT', url: `${A}/statement-line/${what}?lineId=${lineId}`, as: as ?? (await ctx.staff()), payload });

let day = 1;
/** A Khan Bank style statement (title rows, semicolons, debit and credit columns, a totals row) of a fresh day. */
function khan(rows: [string, number, string][], date?: string): string {
  const d = date ?? `2026.10.${String(day++).padStart(2, '0')}`;
  const body = rows.map(([time, amount, text]) => `${d} ${time};Төв;0;${amount < 0 ? -amount : ''};${amount > 0 ? amount : ''};0;${text};5001112233`);
  return [
    'Дансны хуулга;;;;;;;',
    'Гүйлгээний огноо;Салбар;Эхний үлдэгдэл;Дебит гүйлгээ;Кредит гүйлгээ;Эцсийн үлдэгдэл;Гүйлгээний утга;Харьцсан данс',
    ...body,
    'Нийт;;;;;;;',
  ].join('\n');
}

describe('bank statements', () => {
  it('matches lines by deposit code, proposes them, credits on confirmation exactly once (racing staff)', async () => {
    const [p, q] = [await ctx.player(), await ctx.player()];
    const text = khan([
      ['09:00', 150_000, `poker ${(await codeOf(p)).toLowerCase()}`],
      ['09:30', 70_000, `from q ${await codeOf(q)}`],
      ['10:00', 20_000, 'no code here'],
      ['10:30', 10_000, 'DQQQQQQQ unknown'],
      ['11:00', -40_000, 'Шимтгэл'],
    ]);
    const res = await upload(text);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ lineCount: 5, added: 5, duplicates: 0, proposed: 2, unmatched: 2, outgoing: 1, credited: 0 });
    const ls = await lines(res.json().id);
    expect(ls.map((l) => [l.status, l.userId])).toEqual([
      ['PROPOSED', p.userId],
      ['PROPOSED', q.userId],
      ['UNMATCHED', null],
      ['UNMATCHED', null],
      ['OUTGOING', null],
    ]);
    expect(ls[2].note).toBe('No deposit code in the description');
    expect(ls[3].note).toBe('No player has the deposit code DQQQQQQQ');
    expect(await available(p.userId)).toBe(0); // proposed, not credited

    const [a, b] = await Promise.all([act('confirm', ls[0].id), act('confirm', ls[0].id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await available(p.userId)).toBe(150_000);
    expect((a.statusCode === 200 ? a : b).json()).toMatchObject({ status: 'CREDITED', depositRecord: expect.stringMatching(/^DEP-/) });
    const audit = (await ctx.call({ method: 'GET', url: `${A}/audit?action=statement.credit&objectId=${ls[0].id}`, as: await ctx.admin() })).json();
    expect(audit.total).toBe(1);
  });

  it('the same file again is refused; an overlapping statement adds only its new lines; nothing is credited twice', async () => {
    const p = await ctx.player();
    const code = await codeOf(p);
    const text = khan([
      ['09:00', 30_000, code],
      ['09:00', 30_000, code], // two equal transfers the same minute: two lines
    ]);
    const first = (await upload(text)).json();
    for (const l of await lines(first.id)) expect((await act('confirm', l.id)).statusCode).toBe(200);
    expect(await available(p.userId)).toBe(60_000);
    const again = await upload(text, 'renamed.csv');
    expect([again.statusCode, errCode(again)]).toEqual([409, 'STATEMENT_ALREADY_UPLOADED']);
    day--; // the next statement covers the same day, plus a new line
    const overlap = khan([
      ['09:00', 30_000, code],
      ['09:00', 30_000, code],
      ['12:00', 5_000, code],
    ]);
    const second = (await upload(overlap)).json();
    expect(second).toMatchObject({ lineCount: 3, added: 1, duplicates: 2, proposed: 1 });
    const [only] = await lines(second.id);
    expect((await act('confirm', only.id)).statusCode).toBe(200);
    expect(await available(p.userId)).toBe(65_000);
  });

  it('an unmatched line gets its player (by code or id); a line that is no deposit is set aside with the reason', async () => {
    const p = await ctx.player();
    const st = (
      await upload(
        khan([
          ['09:00', 12_000, 'Bat from Erdenet'],
          ['09:10', 8_000, 'refund of the office rent'],
        ]),
      )
    ).json();
    const [u, other] = await lines(st.id);
    expect((await act('confirm', u.id)).statusCode).toBe(400); // no player yet
    const assigned = await act('assign', u.id, { depositCode: (await codeOf(p)).toLowerCase() });
    expect(assigned.json()).toMatchObject({ status: 'PROPOSED', userId: p.userId });
    expect((await act('confirm', u.id)).json()).toMatchObject({ status: 'CREDITED', userId: p.userId });
    expect(await available(p.userId)).toBe(12_000);
    const ignored = await act('ignore', other.id, { reason: 'Office rent refund, not a player' });
    expect(ignored.json()).toMatchObject({ status: 'IGNORED', note: 'Office rent refund, not a player' });
    expect(errCode(await act('ignore', u.id, { reason: 'x' }))).toBe('ALREADY_CREDITED');
    expect((await act('assign', other.id, { userId: p.userId })).statusCode).toBe(409);
  });

  it('a deposit typed by hand is shown as a possible duplicate and linked: no money moves twice', async () => {
    const p = await ctx.player();
    const admin = await ctx.admin();
    const manual = await ctx.services.wallet.createDeposit(admin.userId, { userId: p.userId, amount: 44_000, note: 'typed by hand' });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '.');
    const st = (
      await upload(
        khan(
          [
            ['00:00', 44_000, await codeOf(p)],
            ['00:05', 44_000, `again ${await codeOf(p)}`],
          ],
          today,
        ),
      )
    ).json();
    const [l1, l2] = await lines(st.id);
    expect(l1.possibleDuplicate).toMatchObject({ depositId: manual.id });
    expect((await act('link', l1.id, { depositId: manual.id })).json()).toMatchObject({ status: 'CREDITED', depositRecord: manual.code });
    expect(await available(p.userId)).toBe(44_000);
    expect(errCode(await act('link', l2.id, { depositId: manual.id }))).toBe('ALREADY_CREDITED');
    expect((await lines(st.id))[1].possibleDuplicate).toBeNull();
  });

  it('a bad file is a clear 400 naming its lines (never a 500), and changes nothing', async () => {
    const p = await ctx.player();
    const before = (await ctx.call({ method: 'GET', url: `${A}/statement`, as: await ctx.admin() })).json().total;
    const bad = await upload(
      `date,amount,description,reference,counterparty\n2026-11-01,100,${await codeOf(p)},,\n2026-11-31,5,x,,\n2026-11-01,12.50,x,,\n`,
      'bad.csv',
      'GENERIC',
    );
    expect([bad.statusCode, errCode(bad)]).toEqual([400, 'STATEMENT_INVALID']);
    expect(bad.json().error.details).toEqual([
      { path: 'line 3', message: 'the date "2026-11-31" is not a date' },
      { path: 'line 4', message: '12.50 is not a whole amount of tugrik' },
    ]);
    for (const content of ['', 'just,some,words\n1,2,3', '\u0000', 'x'.repeat(10)]) {
      const r = await upload(content);
      expect(r.statusCode, content.slice(0, 10)).toBe(400);
    }
    const wrongBank = await ctx.call({
      method: 'POST',
      url: `${A}/statement`,
      as: await ctx.admin(),
      payload: { bank: 'NOPE', filename: 'a.csv', content: 'x' },
    });
    expect(wrongBank.statusCode).toBe(400);
    const huge = await ctx.call({
      method: 'POST',
      url: `${A}/statement`,
      as: await ctx.admin(),
      payload: { bank: 'KHAN', filename: 'a.csv', content: 'x'.repeat(2_000_001) },
    });
    expect(huge.statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: `${A}/statement`, as: await ctx.admin() })).json().total).toBe(before);
    expect(await available(p.userId)).toBe(0);
  });
});
