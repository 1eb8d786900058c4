// Identity checks (docs/safer-play.md): images only, within their size, stored in the database and
// readable by staff alone; a review decides once, in the audit trail; withdrawals adding up to
// more than the setting need an approved check.
import { describe, expect, it } from 'vitest';
import { errCode, setupApp, type TestUser } from './helpers/app';

const ctx = setupApp();
const U = '/api/v1/user';
const A = '/api/v1/admin';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a picture')]).toString('base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64');
const upload = (as: TestUser, over: object = {}) =>
  ctx.call({
    method: 'POST',
    url: `${U}/identity`,
    as,
    payload: { kind: 'DOCUMENT_SELFIE', document: { mime: 'image/png', data: PNG }, second: { mime: 'image/jpeg', data: JPEG }, ...over },
  });

describe('identity upload', () => {
  it('accepts two images and refuses anything else', async () => {
    const p = await ctx.player();
    const ok = await upload(p);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'PENDING', kind: 'DOCUMENT_SELFIE' });
    // A PDF claiming to be a PNG, a type that is not an image, text that is not base64.
    expect(errCode(await upload(p, { document: { mime: 'image/png', data: Buffer.from('%PDF-1.4').toString('base64') } }))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await upload(p, { document: { mime: 'application/pdf', data: PNG } })).statusCode).toBe(400);
    expect((await upload(p, { document: { mime: 'image/png', data: 'not base64!' } })).statusCode).toBe(400);
    const big = Buffer.alloc(3 * 1024 * 1024 + 10, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await upload(p, { document: { mime: 'image/png', data: big.toString('base64') } })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await ctx.call({ method: 'GET', url: `${U}/safer-play`, as: p })).json().identity).toMatchObject({ status: 'PENDING' });
  });

  it('the images are for staff only: players get 403, other players see nothing of them', async () => {
    const p = await ctx.player();
    const id = (await upload(p)).json().id;
    expect((await ctx.call({ method: 'GET', url: `${A}/identity-check/${id}`, as: p })).statusCode).toBe(403);
    expect((await ctx.call({ method: 'GET', url: `${A}/identity-check?userId=${p.userId}`, as: p })).statusCode).toBe(403);
    const own = (await ctx.call({ method: 'GET', url: `${U}/safer-play`, as: p })).body;
    expect(own).not.toContain(PNG.slice(0, 16));
    const staff = await ctx.staff('SUPPORT');
    const detail = await ctx.call({ method: 'GET', url: `${A}/identity-check/${id}`, as: staff });
    expect(detail.json()).toMatchObject({ userId: p.userId, document: { mime: 'image/png', data: PNG }, second: { mime: 'image/jpeg', data: JPEG } });
    const list = await ctx.call({ method: 'GET', url: `${A}/identity-check?userId=${p.userId}&status=PENDING`, as: staff });
    expect(list.json().items).toHaveLength(1);
    expect(list.body).not.toContain(PNG.slice(0, 16));
  });
});

describe('review and the withdrawal gate', () => {
  it('withdrawals above the setting wait for an approved check; a rejection says why; a check is decided once', async () => {
    const p = await ctx.player({ balance: 3_000_000 });
    expect((await ctx.services.settings.get()).identityRequiredAbove).toBe(5_000_000);
    await ctx.services.settings.put({ ...(await ctx.services.settings.get()), identityRequiredAbove: 1_000_000 });
    const small = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 600_000 } });
    expect(small.statusCode, small.body).toBe(201);
    // 600,000 + 500,000 adds up to more than 1,000,000.
    const refused = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 500_000 } });
    expect(refused.statusCode).toBe(403);
    expect(errCode(refused)).toBe('IDENTITY_REQUIRED');
    expect((await ctx.services.ledger.balances(ctx.services.db, p.userId)).available).toBe(2_400_000);

    const staff = await ctx.staff('SUPPORT');
    const first = (await upload(p)).json().id;
    const noReason = await ctx.call({ method: 'PUT', url: `${A}/identity-check/review?id=${first}`, as: staff, payload: { decision: 'REJECTED' } });
    expect(noReason.statusCode).toBe(400);
    const rejected = await ctx.call({
      method: 'PUT',
      url: `${A}/identity-check/review?id=${first}`,
      as: staff,
      payload: { decision: 'REJECTED', reason: 'Photo is blurred' },
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', reason: 'Photo is blurred', reviewedBy: staff.username });
    const again = await ctx.call({ method: 'PUT', url: `${A}/identity-check/review?id=${first}`, as: staff, payload: { decision: 'APPROVED' } });
    expect(errCode(again)).toBe('ALREADY_REVIEWED');
    expect((await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 500_000 } })).statusCode).toBe(403);

    const second = (await upload(p)).json().id;
    expect((await ctx.call({ method: 'PUT', url: `${A}/identity-check/review?id=${second}`, as: staff, payload: { decision: 'APPROVED' } })).statusCode).toBe(
      200,
    );
    const ok = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 500_000 } });
    expect(ok.statusCode, ok.body).toBe(201);
    const audit = (await ctx.call({ method: 'GET', url: `${A}/user/audit?userId=${p.userId}`, as: staff }))
      .json()
      .items.map((a: { action: string }) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['identity.reject', 'identity.approve']));
  });
});
