// The back office's accessibility sweep (docs/accessibility.md): axe-core (WCAG 2.0 A/AA, 2.1 AA)
// on every page and dialog, in light and dark, English and Mongolian (switched in place through
// react-admin's store, see helpers/axe.ts; a language change re-renders the whole app, so a dialog
// is opened again), on a 1280×800 laptop and a 375×812 phone. Zero violations is the bar.
// Covered: the users list, a user's page and its tabs (overview, ledger, notes, audit trail) with
// the hold, role and delete confirmations; the withdrawal queue with approve and reject; deposits
// and the deposit form; tables (list, create, edit) and a table's page with bots playing (live
// view, finished hands, the replayer, the PHH text, the kick confirmation); content blocks;
// settings; chat moderation and its confirmation; payments (a statement with a proposed line and
// its confirmation, the statement upload, payout batches, the reconciliation with its alert); the audit trail; reports; the dashboard; the
// two-step sign-in page; the language menu. Also: `<html lang>` follows the detected language
// from the start, and `?lng=mn` survives the /admin redirect.
// It runs in the a11y project, after the rest of the suite (scripts/test.sh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import WebSocket from 'ws';
import { adminToken, api, createTable, registerPlayer } from './helpers/server';
import { SIZES, sizeOptions, type Size } from './helpers/browser';
import { e2eFile } from './helpers/file';
import { ADMIN_KEYS, expectNoViolations, sweep, variantsFor, type Finding, type Variant } from './helpers/axe';

const env = e2eFile();
let admin: string;

interface Fixture {
  player: { name: string; userId: number; token: string };
  withdrawalCode: string;
  tableId: number;
  /** A statement whose one line is proposed for the player (by the deposit code). */
  statement: { id: number; depositCode: string };
}
let fixture: Fixture;

/** A message in the lobby chat from the player (over the socket, as the player app sends it). */
async function chat(token: string, text: string): Promise<void> {
  const ws = new WebSocket(env.server.url.replace('http', 'ws') + '/api/v1/socket');
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const seen = new Promise<void>((resolve) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string; requestId?: string; data?: { text?: string } };
      if (m.requestId === 'auth') ws.send(JSON.stringify({ type: 'CHAT_MESSAGE', data: { text } }));
      if (m.type === 'CHAT_MESSAGE' && m.data?.text === text) resolve();
    });
  });
  ws.send(JSON.stringify({ type: 'AUTH', token, requestId: 'auth' }));
  await seen;
  ws.close();
}

beforeAll(async () => {
  admin = await adminToken(env.server.url);
  // The bots' table first: the table's page comes halfway through the sweep and wants a finished
  // hand by then (the bots play at human pace, 1 to 4 s a move).
  const { tableId } = await createTable(env.server.url, admin, `A11y admin ${Date.now().toString(36).slice(-4)}`);
  await api(env.server.url, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, undefined, admin);
  const name = `axa_${Date.now().toString(36).slice(-7)}`;
  const p = await registerPlayer(env.server.url, name);
  await api(env.server.url, 'POST', '/api/v1/admin/deposit', { username: name, amount: 300_000, note: 'a11y' }, admin);
  const w = await api<{ code: string }>(env.server.url, 'POST', '/api/v1/user/withdrawal', { amount: 40_000 }, p.token);
  await api(env.server.url, 'POST', `/api/v1/admin/user/note?userId=${p.userId}`, { text: 'Called about the transfer.' }, admin).catch(() => undefined);
  // A large request the administrator approved first: the second approval must be someone else's,
  // so its Approve button is disabled here (and must keep its name: on a phone it is an icon).
  const big = await registerPlayer(env.server.url, `${name}b`);
  await api(env.server.url, 'POST', '/api/v1/admin/deposit', { username: `${name}b`, amount: 1_500_000, note: 'a11y' }, admin);
  const large = await api<{ id: number }>(env.server.url, 'POST', '/api/v1/user/withdrawal', { amount: 1_200_000 }, big.token);
  await api(env.server.url, 'PUT', `/api/v1/admin/withdrawal/approve?withdrawalId=${large.id}`, undefined, admin);
  await chat(p.token, 'Сайн уу, hello from a11y');
  const content = `date,amount,description,reference,counterparty\n${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)} 10:00,25000,poker ${p.depositCode},FTA11Y${name},\n`;
  const st = await api<{ id: number }>(
    env.server.url,
    'POST',
    '/api/v1/admin/statement',
    { bank: 'KHAN', format: 'GENERIC', filename: `${name}.csv`, content },
    admin,
  );
  // An identity check waiting for review (two 1×1 PNGs).
  const png = { mime: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==' };
  await api(env.server.url, 'POST', '/api/v1/user/identity', { kind: 'DOCUMENT_SELFIE', document: png, second: png }, p.token);
  fixture = { player: { name, userId: p.userId, token: p.token }, withdrawalCode: w.code, tableId, statement: { id: st.id, depositCode: p.depositCode } };
});
afterAll(async () => {
  if (fixture) await api(env.server.url, 'DELETE', `/api/v1/admin/table/simulate?tableId=${fixture.tableId}`, undefined, admin).catch(() => undefined);
});

async function adminPage(size: Size): Promise<Page> {
  const context = await env.browser.newContext(sizeOptions(size));
  await context.addInitScript((t) => {
    if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', t);
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
  }, admin);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[admin ${size.name}] page error:`, e.message));
  return page;
}

async function backOffice(size: Size, out: Finding[]): Promise<void> {
  const page = await adminPage(size);
  const base = env.server.url;
  const { player, withdrawalCode, tableId, statement } = fixture;
  const dialog = page.getByRole('dialog');
  /** A page: after a language switch (the app re-renders) its content is waited for again. */
  const check = (where: string, content: Locator) =>
    sweep(page, ADMIN_KEYS, `${size.name} ${where}`, out, {
      variants: variantsFor(size.phone),
      ready: async () => {
        await content.first().waitFor({ timeout: 20_000 });
        await page
          .locator('.MuiLinearProgress-root, [role="progressbar"]')
          .first()
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => {});
      },
    });
  /** A dialog: opened again when a language switch closed it. */
  const checkDialog = (where: string, open: () => Promise<void>, target: Locator = dialog) =>
    sweep(page, ADMIN_KEYS, `${size.name} ${where}`, out, {
      variants: variantsFor(size.phone),
      ready: async (_v: Variant) => {
        if (!(await target.count())) {
          // A language switch re-renders the app: the dialog it closed is gone, backdrop and all.
          await page.locator('.MuiDialog-root:visible, .MuiPopover-root:visible').first().waitFor({ state: 'detached' });
          await open();
        }
        await target.first().waitFor({ timeout: 20_000 });
      },
    });
  const closeDialog = async () => {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  };
  // Where the page moves under the pointer (the live table with bots acting, a list refreshing), a
  // button is pressed from the keyboard: a click could land on what moved over it.
  const press = async (button: Locator) => {
    await button.focus();
    await page.keyboard.press('Enter');
  };
  const row = (text: string) => page.locator('tr, li', { hasText: text }).first();

  // ---- users
  await page.goto(base + '/admin');
  await page.waitForURL(/\/admin\/user/);
  await check('users', row(player.name));
  if (size.phone) {
    await page
      .getByRole('button', { name: /open menu|menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Withdrawals' }).waitFor();
    await check('menu (drawer)', page.getByRole('menuitem').first());
    await page.keyboard.press('Escape');
  }
  // react-admin's language button is named by the current language.
  const languageButton = page.locator('header button[aria-haspopup="true"]', { hasText: /English|Монгол/ }).first();
  await checkDialog('language menu', () => languageButton.click(), page.getByRole('menu'));
  await page.keyboard.press('Escape');

  await page.goto(`${base}/admin/user/${player.userId}/show`);
  await check('user: overview', page.getByTestId('user-balance'));
  await checkDialog('user: hold dialog', () => page.getByTestId('hold-button').click());
  await closeDialog();
  await checkDialog('user: role confirmation', () =>
    page
      .getByRole('button', { name: /support|administrator|ажилтан|админ/i })
      .first()
      .click(),
  );
  await closeDialog();
  // From the keyboard: on a phone the toolbar's icon buttons overlap (the role button covers the
  // delete button's edge, see docs/accessibility.md).
  await checkDialog('user: delete confirmation', async () => {
    await page.getByRole('button', { name: /^(delete|устгах)$/i }).focus();
    await page.keyboard.press('Enter');
  });
  await closeDialog();
  for (const tab of ['ledger', 'notes', 'audit']) {
    await page.goto(`${base}/admin/user/${player.userId}/show/${tab}`);
    await check(`user: ${tab}`, tab === 'notes' ? page.getByTestId('note-text') : page.locator('table tbody tr, .RaSimpleList-root li, .RaEmpty-root'));
  }
  await page.goto(`${base}/admin/user/${player.userId}/show/safer`);
  await check('user: safer play', page.getByTestId('user-safer'));
  await checkDialog('user: record a break', () => page.getByTestId('user-safer-record').click());
  await closeDialog();
  await page.goto(base + '/admin/identity');
  await check('identity checks', page.locator('table tbody tr, .RaSimpleList-root li').first());
  await page.locator('table tbody tr, .RaSimpleList-root li').first().click();
  await check('identity check: images', page.getByTestId('identity-document'));
  await checkDialog('identity check: reject', () => page.getByRole('button', { name: /^(reject|татгалзах)$/i }).click());
  await closeDialog();

  // ---- money
  await page.goto(base + '/admin/withdraw');
  await check('withdrawals', row(withdrawalCode));
  await checkDialog('withdrawal: approve confirmation', () =>
    row(withdrawalCode)
      .getByRole('button', { name: /approve|зөвшөөрөх/i })
      .first()
      .click(),
  );
  await closeDialog();
  await checkDialog('withdrawal: reject dialog', () =>
    row(withdrawalCode)
      .getByRole('button', { name: /reject|татгалзах/i })
      .first()
      .click(),
  );
  await closeDialog();
  await page.goto(base + '/admin/deposit');
  await check('deposits', row(player.name));
  // The form with a recipient found (filled again when a language switch re-renders it).
  await page.goto(base + '/admin/deposit/create');
  const recipient = page.getByTestId('deposit-recipient');
  const fillDeposit = async () => {
    await page.locator('input[name="who"]').fill(player.name);
    await page.locator('input[name="amount"]').fill('50000');
    await recipient.waitFor();
  };
  await fillDeposit();
  await checkDialog('deposit form', fillDeposit, recipient);

  // ---- payments: a statement and its proposed line (the confirmation), the upload, batches, reconciliation
  await page.goto(`${base}/admin/statement/${statement.id}/show`);
  await check('statement and its lines', row(statement.depositCode));
  await checkDialog('statement line: confirm', () => press(row(statement.depositCode).locator('[data-testid^="confirm-line-"]')));
  await closeDialog();
  await page.goto(base + '/admin/statement/create');
  await check('statement upload', page.getByTestId('statement-file'));
  await page.goto(base + '/admin/payoutBatch');
  await check('payout batches', page.locator('h2'));
  await page.goto(base + '/admin/reconciliation');
  await check('reconciliation', page.getByTestId('reconciliation-alert'));

  // ---- tables
  await page.goto(base + '/admin/table');
  await check('tables', page.locator('table tbody tr, .RaSimpleList-root li').first());
  await page.goto(base + '/admin/table/create');
  await check('table: create', page.locator('form input').first());
  await page.goto(`${base}/admin/table/${tableId}/edit`);
  await check('table: edit', page.locator('form input').first());
  // Fast-fold pools (docs/fast-fold.md): the list (empty or not) and the create form.
  await page.goto(base + '/admin/pool');
  await check('pools', page.locator('.list-page'));
  await page.goto(base + '/admin/pool/create');
  await check('pool: create', page.locator('form input').first());
  await page.goto(`${base}/admin/table/${tableId}`);
  await page.getByTestId('live-table').waitFor();
  // A hand in progress (the next one is a second after the last) and a finished one: bounds, not
  // waits (the table has played for a minute or more by now).
  const waited = Date.now();
  await page.locator('[data-to-act="true"]').first().waitFor({ timeout: 120_000 });
  const hands = page.getByRole('button', { name: /replay|дахин/i });
  await hands.first().waitFor({ timeout: 120_000 });
  if (process.env.TEST_TIMINGS) console.log(`[a11y] ${size.name} the live table's hands: ${Date.now() - waited} ms`);
  await check('table: live view and finished hands', page.getByTestId('live-table'));
  await checkDialog('table: replayer', () => press(hands.first()));
  await closeDialog();
  await checkDialog('table: PHH text', () => press(page.getByRole('button', { name: /^(view|харах)$/i }).first()));
  await closeDialog();
  await checkDialog('table: kick confirmation', () => press(page.locator('[data-testid^="kick-"]').first()));
  await closeDialog();

  // ---- content, settings, chat, audit, reports, dashboard, security
  await page.goto(base + '/admin/data');
  await check('content blocks', page.locator('table tbody tr, .RaSimpleList-root li').first());
  await page.locator('table tbody tr, .RaSimpleList-root li').first().click();
  await page.waitForURL(/\/admin\/data\/.+/);
  await check('content block: edit', page.locator('form textarea').first());
  await page.goto(base + '/admin/settings');
  await check('settings', page.locator('form input').first());
  await page.goto(base + '/admin/chat');
  await check('chat moderation', row('hello from a11y'));
  await checkDialog('chat: hide confirmation', () => press(row('hello from a11y').getByRole('button').first()));
  await closeDialog();
  await page.goto(base + '/admin/audit');
  await check('audit trail', page.locator('table tbody tr, .RaSimpleList-root li').first());
  await page.goto(base + '/admin/report');
  await check('reports', page.getByTestId('report-chart').locator('svg').first());
  await page.goto(base + '/admin/dashboard');
  await check('dashboard', page.getByTestId('tile-pending'));
  await page.goto(base + '/admin/security');
  await check('security (two-step sign-in)', page.locator('main button, #main-content button').first());
  await page.context().close();
}

describe('accessibility of the back office (axe, WCAG 2.1 AA)', () => {
  for (const size of SIZES) {
    // Both sizes at once: one flow after the other left a core idle (the run used about one of
    // the two: its steps wait on the page more than they compute), and this file is the longest.
    it.concurrent(`${size.name} ${size.width}×${size.height}: every page and dialog, light and dark, English and Mongolian`, async ({ expect }) => {
      const findings: Finding[] = [];
      await backOffice(size, findings);
      expectNoViolations(expect, findings);
    });
  }

  it('speaks the detected language from the start, and /admin keeps ?lng=mn', async () => {
    const page = await adminPage(SIZES[0]);
    await page.goto(env.server.url + '/admin?lng=mn');
    await page.waitForURL(/\/admin\/user/);
    expect(new URL(page.url()).searchParams.get('lng')).toBe('mn');
    await page.getByRole('menuitem', { name: 'Хэрэглэгчид' }).or(page.getByTestId('admin-title')).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mn');
    // Detected from storage on a later visit too (no query, no change of language).
    await page.goto(env.server.url + '/admin/withdraw');
    await page.getByTestId('admin-title').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mn');
    await page.context().close();
  });
});
