// The poker table in real Chromium against the real server (embedded PGlite, live tables on):
// Alice on a desktop in English, Bob on a 375 px phone in Mongolian (?lng=mn), at one table.
// They sit through the buy-in dialog, play hands to a showdown with the action bar, Bob reloads
// mid-hand and gets his cards and the board back, a third player with a short stack joins (over a
// socket) for an all-in with a side pot, Alice adds chips, Bob sits out and in, both leave; then the wallets
// (GET /user/me) and game history (GET /user/outcome, the history tab and its table replay link)
// are checked. Screenshots go to test-artifacts/table-*.png.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import mn from '../../locales/mn/table.json';
import { amountsField, parsePhh } from '../../src/poker';
import { adminToken, api, registerPlayer } from './helpers/server';
import { hasHorizontalScroll, openFromToolbar as openDialogFromToolbar, pressToolbar, screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';
import { SocketPlayer } from '../server/helpers/socket-player';

const env = e2eFile();

const DEPOSIT = 100_000;
const CAROL_SEAT = 3;
const CAROL_BUY_IN = 600;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Player {
  name: string;
  token: string;
  page: Page;
  seat: number;
  phone: boolean;
}

interface Outcome {
  type: string;
  amount: number;
  tableId: number | null;
  handId?: number;
}

async function openTable(name: string, token: string, tableId: number, phone: boolean): Promise<Player> {
  const context = await env.browser.newContext({
    viewport: phone ? { width: 375, height: 812 } : { width: 1280, height: 800 },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'en-US',
  });
  await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  await page.goto(`${env.server.url}/table/${tableId}${phone ? '?lng=mn' : ''}`);
  await page.getByTestId('table-page').waitFor();
  return { name, token, page, seat: -1, phone };
}

const bar = (p: Player) => p.page.locator('[data-testid="action-bar"]');
const callButton = (p: Player) => bar(p).getByTestId('act-call');
const raiseButton = (p: Player) => bar(p).getByTestId('act-raise');

async function canAct(p: Player): Promise<boolean> {
  const c = callButton(p);
  return (await c.count()) > 0 && (await c.isEnabled().catch(() => false));
}

async function sit(p: Player, seat: number, amount: number): Promise<void> {
  await p.page.getByTestId(`sit-${seat}`).click();
  await p.page.getByTestId('buyin-dialog').waitFor();
  await p.page.getByTestId('buyin-amount').fill(String(amount));
  await p.page.getByTestId('buyin-confirm').click();
  await p.page.getByTestId('buyin-dialog').waitFor({ state: 'detached' });
  await p.page.locator(`[data-testid="seat-${seat}"][data-seat-state]`).waitFor();
  p.seat = seat;
}

const toolbar = (p: Player, key: string) => pressToolbar(p.page, p.phone, key);
/** A toolbar button whose dialog is `target` (a test id, or a locator on the page). */
const openFromToolbar = (p: Player, key: string, target: string | ((page: Page) => Locator)) =>
  openDialogFromToolbar(
    p.page,
    p.phone,
    key,
    typeof target === 'string' ? p.page.getByTestId(target) : target(p.page),
    `table-${p.phone ? 'phone' : 'desktop'}-xx`,
  );

/**
 * A busted player gets back in: stood up, by taking a free seat again (a new buy-in); still
 * seated with no chips, by adding chips between hands and sitting in.
 */
async function rebuy(p: Player, amount: number): Promise<boolean> {
  if (!(await p.page.locator(`[data-testid="seat-${p.seat}"][data-seat-state]`).count())) {
    const free = p.page.locator('[data-testid^="sit-"]');
    if (!(await free.count())) return false;
    const id = (await free.first().getAttribute('data-testid'))!;
    await sit(p, Number(id.slice(4)), amount);
    return true;
  }
  const stack = await p.page.getByTestId(`seat-stack-${p.seat}`).textContent();
  if (!(await p.page.locator(`[data-testid="seat-${p.seat}"][data-seat-state="SITTING_OUT"]`).count()) || /[1-9]/.test(stack ?? '')) return false;
  await until('add chips enabled', async () =>
    p.page
      .locator(p.phone ? '[data-testid="toolbar-more"]' : 'button[data-testid="toolbar-addChips"]:not([disabled])')
      .count()
      .then((n) => n > 0),
  );
  await openFromToolbar(p, 'addChips', 'buyin-dialog');
  await p.page.getByTestId('buyin-amount').fill(String(amount));
  await p.page.getByTestId('buyin-confirm').click();
  await p.page.getByTestId('buyin-dialog').waitFor({ state: 'detached' });
  const sitIn = p.page.getByTestId('panel-sit-in');
  await sitIn.waitFor({ timeout: 5_000 }).then(
    () => sitIn.click(),
    () => {},
  );
  const post = p.page.getByTestId('sitin-post');
  await post.waitFor({ timeout: 3_000 }).then(
    () => post.click(),
    () => {},
  );
  return true;
}

type Strategy = (p: Player) => Promise<void>;
const checkCall: Strategy = async (p) => {
  await callButton(p)
    .click({ timeout: 2_000 })
    .catch(() => {});
};

/**
 * Plays for the given players in the background (what each does on its turn) until stopped.
 * `pause(p)` returns once no move of p's is in flight: a click already under way when the test
 * opens a dialog on the same page lands on the dialog's backdrop and closes it.
 */
function autoPlay(players: Array<[Player, Strategy]>) {
  let running = true;
  let failure: unknown = null;
  const paused = new Set<Player>();
  let inFlight: Promise<unknown> = Promise.resolve();
  const done = (async () => {
    while (running) {
      for (const [p, strategy] of players) {
        if (!running) break;
        if (paused.has(p)) continue;
        const step = (async () => {
          if (await canAct(p)) await strategy(p);
        })();
        inFlight = step.catch(() => {});
        try {
          await step;
        } catch (e) {
          failure = e;
        }
      }
      await sleep(120);
    }
  })();
  return {
    pause: async (p: Player) => {
      paused.add(p);
      await inFlight;
    },
    resume: (p: Player) => void paused.delete(p),
    stop: async () => {
      running = false;
      await done;
      if (failure && !String(failure).includes('closed')) console.warn('autoPlay:', String(failure));
    },
  };
}

async function settledHands(base: string, token: string, tableId: number): Promise<Array<{ handId: number; phh: string | null }>> {
  const r = await api<{ items: Array<{ handId: number; phh: string | null }> }>(
    base,
    'GET',
    `/api/v1/user/hand?tableId=${tableId}&page=1&perPage=50`,
    undefined,
    token,
  );
  return r.items;
}

/**
 * A side pot formed in a hand when three or more players showed down having put in different
 * amounts. (The hand log may show one "wins" line for it: when one player wins every pot, pots
 * with the same contenders left are merged, as pokerkit does.)
 */
function sidePotIn(phh: string | null): boolean {
  const parsed = phh ? parsePhh(phh) : null;
  if (!parsed?.ok) return false;
  const start = amountsField(parsed.hand, 'starting_stacks');
  const end = amountsField(parsed.hand, 'finishing_stacks');
  const won = amountsField(parsed.hand, 'winnings');
  if (!start || !end || !won) return false;
  const showed = new Set(
    parsed.hand.actions
      .map((a) => /^p(\d+) sm /.exec(a)?.[1])
      .filter((x): x is string => !!x)
      .map(Number),
  );
  const putIn = new Set([...showed].map((i) => start[i - 1] - end[i - 1] + won[i - 1]));
  return showed.size >= 3 && putIn.size >= 2;
}

async function boardCards(p: Player): Promise<string[]> {
  return p.page.locator('[data-testid="board"] [data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}
async function seatCards(p: Player): Promise<string[]> {
  return p.page.locator(`[data-testid="seat-cards-${p.seat}"] [data-card]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-card') ?? ''));
}

async function until(what: string, check: () => Promise<boolean>, timeout = 45_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(200);
  }
}

describe('the poker table in Chromium against the live server', () => {
  it('two players (desktop en, 375 px mn) and a third: showdowns, reload, side pot, add chips, sit out/in, leave, balances', async () => {
    const started = Date.now();
    const phase = (name: string) => console.log(`[table e2e] ${name} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const base = env.server.url;
    const admin = await adminToken(base);
    const table = await api<{ tableId: number }>(
      base,
      'POST',
      '/api/v1/admin/table',
      {
        name: 'E2E Table',
        variant: 'NT',
        smallBlind: 50,
        bigBlind: 100,
        minBuyIn: 400,
        maxBuyIn: 1_000_000,
        maxPlayers: 5,
        actionTime: 30,
      },
      admin,
    );
    const tableId = table.tableId;
    const suffix = Date.now().toString(36).slice(-5);
    const a = await registerPlayer(base, `alice_${suffix}`);
    const b = await registerPlayer(base, `bob_${suffix}`);
    const c = await registerPlayer(base, `carol_${suffix}`);
    for (const u of [a, b, c]) await api(base, 'POST', '/api/v1/admin/deposit', { depositCode: u.depositCode, amount: DEPOSIT, note: 'e2e' }, admin);

    const alice = await openTable(`alice_${suffix}`, a.token, tableId, false);
    const bob = await openTable(`bob_${suffix}`, b.token, tableId, true);
    try {
      await scenario();
    } catch (e) {
      await screenshot(alice.page, 'table-desktop-zz-failure').catch(() => {});
      await screenshot(bob.page, 'table-phone-mn-zz-failure').catch(() => {});
      throw e;
    }
    async function scenario() {
      // ---- a guest with the table's link watches it (no account: a socket without AUTH)
      const guest = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const guestPage = await guest.newPage();
      await guestPage.goto(`${base}/table/${tableId}`);
      await guestPage.getByTestId('table-felt').waitFor({ timeout: 20_000 });
      expect(await guestPage.getByTestId('player-panel').textContent()).toContain('You are watching');
      await guest.close();

      // ---- Bob's phone: Mongolian, fits 375 px
      await bob.page.getByTestId('sit-1').waitFor();
      expect(await bob.page.getByTestId('sit-1').textContent()).toBe(mn.seat.sitHere);
      expect(await hasHorizontalScroll(bob.page)).toBe(false);

      // ---- sit down through the buy-in dialog
      await sit(alice, 0, 2_000);
      await sit(bob, 1, 3_000);
      const buyIns = { alice: 2_000, bob: 3_000 };
      let rebought = 0;

      // ---- heads-up: check/call everything to a showdown, two hands; on Bob's phone every button
      // of the action bar (bet presets, fold, check/call, raise) is a 44 px touch target at least
      let heights: number[] | null = null;
      const measureThenCall: Strategy = async (p) => {
        heights ??= await bar(p)
          .locator('button')
          .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
        await checkCall(p);
      };
      let play = autoPlay([
        [alice, checkCall],
        [bob, measureThenCall],
      ]);
      let shotShowdown = false;
      await until(
        'two settled hands',
        async () => {
          if (!shotShowdown && (await alice.page.getByTestId('winner-banner').count()) > 0) {
            shotShowdown = true;
            await screenshot(alice.page, 'table-desktop-01-showdown');
            await screenshot(bob.page, 'table-phone-mn-01-showdown');
          }
          return (await settledHands(base, a.token, tableId)).length >= 2;
        },
        90_000,
      );
      await play.stop();
      expect(heights, "Bob's action bar was measured").not.toBeNull();
      expect(heights!.length).toBeGreaterThanOrEqual(3);
      expect(Math.min(...heights!)).toBeGreaterThanOrEqual(44);
      const shown = (await settledHands(base, a.token, tableId)).filter((h) => /\bsm [2-9TJQKA][shdc]/.test(h.phh ?? ''));
      expect(shown.length, 'a hand went to a showdown with cards shown').toBeGreaterThan(0);
      // ---- the fair check: Alice's browser proves her cards and the board against the commitment
      // published before the deal, finds its entropy mixed in, and gets no seed (it would rebuild
      // Bob's cards when he folded, and the burnt ones).
      await openFromToolbar(alice, 'info', (page) => page.getByRole('dialog'));
      const verdict = alice.page.getByTestId('fair-verdict');
      await until('the fair check', async () => ((await verdict.textContent()) ?? '').startsWith('✓'), 15_000);
      expect(await alice.page.getByTestId('fair-mine').getByText('✓').count()).toBe(2);
      expect(await alice.page.getByTestId('fair-entropy').textContent()).toContain('entropy is listed among this shuffle');
      expect(await alice.page.getByTestId('fair-seed').count()).toBe(0);
      await screenshot(alice.page, 'table-desktop-01b-fair-check');
      await alice.page.keyboard.press('Escape');
      await alice.page.getByTestId('fair-check').waitFor({ state: 'detached' });

      phase('showdowns done');
      // ---- Bob reloads mid-hand (after the flop) and gets his cards and the board back
      play = autoPlay([
        [alice, checkCall],
        [bob, checkCall],
      ]);
      // The flop (exactly three cards: a finished hand stays on the felt with five until the next).
      await until("a flop on Bob's phone with his cards", async () => (await boardCards(bob)).length === 3 && (await seatCards(bob)).length === 2);
      await play.stop();
      const before = { board: await boardCards(bob), cards: await seatCards(bob) };
      expect(before.cards.every((c) => c !== 'back')).toBe(true);
      await bob.page.reload();
      await bob.page.getByTestId('table-page').waitFor();
      await until(
        'Bob resynced',
        async () =>
          JSON.stringify(await seatCards(bob)) === JSON.stringify(before.cards) &&
          JSON.stringify((await boardCards(bob)).slice(0, before.board.length)) === JSON.stringify(before.board),
        20_000,
      );
      await screenshot(bob.page, 'table-phone-mn-02-after-reload');
      expect(await hasHorizontalScroll(bob.page)).toBe(false);
      const panel = await bob.page.getByTestId('player-panel').boundingBox();
      expect(panel && panel.y + panel.height <= 812 + 1, 'action area within the phone screen').toBe(true);

      phase('reload done');
      // ---- a third player joins (Carol, over a socket from this test, with a short stack, who only
      // checks and calls); Alice shoves with the all-in preset: the first hand the three play ends
      // in a side pot (Carol all in for less than the others), with no waiting on chance.
      const carol = new SocketPlayer(0, c.token, tableId, CAROL_BUY_IN);
      carol.passive = true;
      play = autoPlay([
        [alice, checkCall],
        [bob, checkCall],
      ]);
      await carol.join(`${base.replace(/^http/, 'ws')}/api/v1/socket`, CAROL_SEAT);
      await until('Carol dealt in', async () => (await alice.page.locator(`[data-testid="seat-cards-${CAROL_SEAT}"] [data-card]`).count()) > 0, 30_000);
      await play.stop();
      const shove: Strategy = async (p) => {
        const preset = p.page.getByTestId('preset-allIn');
        if (await preset.count()) await preset.click({ timeout: 2_000 });
        if (await raiseButton(p).count()) await raiseButton(p).click({ timeout: 2_000 });
        else await callButton(p).click({ timeout: 2_000 });
      };
      // Bob calls before the flop and bets the minimum after it, so chips go in beyond Carol's all-in.
      const betAfterFlop: Strategy = async (p) => {
        const flop = (await boardCards(p)).length >= 3;
        if (flop && (await raiseButton(p).count()) && (await p.page.getByTestId('preset-allIn').count())) await raiseButton(p).click({ timeout: 2_000 });
        else await callButton(p).click({ timeout: 2_000 });
      };
      // An all-in runs the board out in one go, so a side pot may never rest on the felt: the hand
      // log has one "wins" line per pot, so two in one hand mean a side pot (or one line, when one
      // player wins every pot and the pots are merged: then the exported hand shows it).
      const sidePotInLog = () =>
        alice.page.getByTestId('hand-log').evaluate((log) => {
          const hands = (log.textContent ?? '').split('— Hand #');
          return hands.some((h) => (h.match(/ wins [\d,]+/g) ?? []).length >= 2);
        });
      play = autoPlay([
        [alice, shove],
        [bob, betAfterFlop],
      ]);
      await until('a side pot', async () => (await sidePotInLog()) || (await settledHands(base, a.token, tableId)).some((h) => sidePotIn(h.phh)), 60_000).catch(
        async (e) => {
          await screenshot(alice.page, 'table-desktop-xx-no-side-pot');
          const last = (await settledHands(base, b.token, tableId)).slice(0, 4);
          console.log(last.map((h) => h.phh).join('\n----\n'));
          throw e;
        },
      );
      await screenshot(alice.page, 'table-desktop-02-side-pot');
      await screenshot(bob.page, 'table-phone-mn-03-side-pot');
      await play.stop();
      // Carol leaves (after her hand, if in one) and the rest is heads-up check/call, where a hand
      // moves at most a big blind.
      carol.paused = true;
      const left = await carol.request({ type: 'GAME', action: 'LEAVE', tableId });
      expect(left.type, JSON.stringify(left)).toBe('ACK');
      carol.close();

      // ---- the rest is played by check/call; a player who went bust re-sits
      play = autoPlay([
        [alice, checkCall],
        [bob, checkCall],
      ]);
      /** What the test does on a player's page while the background play leaves that page alone. */
      const alone = async <T>(p: Player, fn: () => Promise<T>): Promise<T> => {
        await play.pause(p);
        try {
          return await fn();
        } finally {
          play.resume(p);
        }
      };
      for (const [p, name] of [
        [alice, 'alice'],
        [bob, 'bob'],
      ] as const)
        if (await alone(p, () => rebuy(p, 2_000))) {
          buyIns[name] += 2_000;
          rebought++;
        }

      phase('side pot done');
      // ---- add chips between hands (Alice)
      // Only between hands (1 s each): on a loaded machine the next hand can start between seeing
      // the button enabled and the click, so a window missed waits for the next.
      const addChips = alice.page.locator('button[data-testid="toolbar-addChips"]:not([disabled])');
      /** Whether it went through (no throw). */
      const succeeds = (p: Promise<unknown>) =>
        p.then(
          () => true,
          () => false,
        );
      let added = 0;
      await until(
        'chips added',
        async () =>
          (await addChips.count()) > 0 &&
          alone(alice, async () => {
            if (!(await succeeds(addChips.click({ timeout: 2_000 })))) return false;
            if (!(await succeeds(alice.page.getByTestId('buyin-dialog').waitFor({ timeout: 3_000 })))) {
              await alice.page.keyboard.press('Escape'); // in case it opens late
              return false;
            }
            // Up to the table's maximum: a big winner may only top up a little.
            const maxAdd = Number(((await alice.page.getByTestId('buyin-max').textContent()) ?? '').replace(/\D/g, ''));
            expect(maxAdd).toBeGreaterThan(0);
            added = Math.min(500, maxAdd);
            await alice.page.getByTestId('buyin-amount').fill(String(added));
            await alice.page.getByTestId('buyin-confirm').click();
            await alice.page.getByTestId('buyin-dialog').waitFor({ state: 'detached' });
            return true;
          }),
        120_000,
      );
      buyIns.alice += added;

      // ---- Bob sits out, then in (from the phone's toolbar menu). On a loaded machine his clock may
      // have run out twice already, which sits him out by itself: then only the way back is tried.
      const bobAway = bob.page.locator(`[data-testid="seat-${bob.seat}"][data-seat-state="SITTING_OUT"]`);
      if ((await bobAway.count()) === 0) await alone(bob, () => toolbar(bob, 'sitOut'));
      await until(
        'Bob sitting out',
        async () => (await bob.page.locator(`[data-testid="seat-${bob.seat}"][data-seat-state="SITTING_OUT"]`).count()) > 0,
        60_000,
      );
      await screenshot(bob.page, 'table-phone-mn-04-sitting-out');
      await alone(bob, async () => {
        await toolbar(bob, 'sitIn');
        const choice = bob.page.getByTestId('sitin-post');
        await Promise.race([choice.waitFor({ timeout: 5_000 }).then(() => choice.click()), sleep(5_000)]).catch(() => {});
      });
      await until(
        'Bob back in',
        async () => {
          // A short stack can still go bust at the all-in that ends the bot's last hand: then he rebuys.
          if (await alone(bob, () => rebuy(bob, 2_000))) buyIns.bob += 2_000;
          return (await bob.page.locator(`[data-testid="seat-${bob.seat}"][data-seat-state="SITTING_OUT"]`).count()) === 0;
        },
        30_000,
      );

      // ---- the replayer: this table's hands from the server, step by step
      await alone(alice, async () => {
        await openFromToolbar(alice, 'replay', 'replay-dialog');
        await alice.page.getByTestId('hand-replayer').waitFor({ timeout: 15_000 });
        const step0 = await alice.page.getByTestId('replayer-step').textContent();
        await alice.page.getByRole('button', { name: 'Forward' }).click();
        await alice.page.getByRole('button', { name: 'Forward' }).click();
        expect(await alice.page.getByTestId('replayer-step').textContent()).not.toBe(step0);
        await alice.page.getByRole('button', { name: 'Back' }).click();
        await screenshot(alice.page, 'table-desktop-03-replayer');
        await alice.page.keyboard.press('Escape');
        await alice.page.getByTestId('replay-dialog').waitFor({ state: 'detached' });
      });

      phase('sit out/in + replayer done');
      // ---- both leave (after the hand when in one); the stacks go back to the wallets
      for (const p of [alice, bob])
        await alone(p, async () => {
          await openFromToolbar(p, 'leave', 'leave-confirm');
          await p.page.getByTestId('leave-confirm').click();
        });
      // Spectators again: "Sit here" is offered.
      await until(
        'both left',
        async () => (await alice.page.locator('[data-testid^="sit-"]').count()) > 0 && (await bob.page.locator('[data-testid^="sit-"]').count()) > 0,
        60_000,
      );
      await play.stop();
      await screenshot(alice.page, 'table-desktop-04-left');
      await screenshot(bob.page, 'table-phone-mn-05-left');

      phase('left');
      // ---- wallets and game history
      for (const [p, paid] of [
        [alice, buyIns.alice],
        [bob, buyIns.bob],
      ] as const) {
        const me = await api<{ balance: number; locked: number }>(base, 'GET', '/api/v1/user/me', undefined, p.token);
        const out = await api<{ items: Outcome[]; total: number }>(base, 'GET', '/api/v1/user/outcome?page=1&perPage=100', undefined, p.token);
        const types = new Set(out.items.map((o) => o.type));
        expect(types.has('BUY_IN'), `${p.name} BUY_IN`).toBe(true);
        const sum = (t: string) => out.items.filter((o) => o.type === t).reduce((s, o) => s + o.amount, 0);
        expect(-sum('BUY_IN') - sum('IN_PLAY_RECHARGE'), `${p.name} paid in`).toBe(paid);
        // What went home is what was paid in plus the hands won, minus the hands lost (nothing when
        // the player left with an empty stack).
        const atTable = paid + sum('GAMEPLAY_WIN') + sum('GAMEPLAY_LOSS');
        expect(sum('LEAVE_SEAT'), `${p.name} LEAVE_SEAT`).toBe(atTable);
        expect(types.has('LEAVE_SEAT'), `${p.name} LEAVE_SEAT row`).toBe(atTable > 0);
        expect(me.locked, `${p.name} nothing left at the table`).toBe(0);
        // The wallet: the deposit, minus what went to the table, plus what came back.
        expect(me.balance + me.locked, `${p.name} balance`).toBe(DEPOSIT + sum('BUY_IN') + sum('IN_PLAY_RECHARGE') + sum('LEAVE_SEAT'));
      }
      const wins = await Promise.all(
        [a.token, b.token].map((t) => api<{ items: Outcome[] }>(base, 'GET', '/api/v1/user/outcome?page=1&perPage=100&type=GAMEPLAY_WIN', undefined, t)),
      );
      expect(wins[0].items.length + wins[1].items.length, 'GAMEPLAY_WIN rows').toBeGreaterThan(0);

      // ---- the history tab links a hand to its replay at the table
      const winner = wins[0].items.length ? alice : bob;
      await winner.page.goto(`${base}/profile${winner.phone ? '?lng=mn' : ''}`);
      await winner.page.getByTestId('tab-history').click();
      await winner.page.getByTestId('history-list').waitFor();
      await screenshot(winner.page, winner.phone ? 'table-phone-mn-06-history' : 'table-desktop-05-history');
      await winner.page.locator('[data-testid^="table-replay-"]').first().click();
      await winner.page.getByTestId('replay-dialog').waitFor();
      await winner.page.getByTestId('hand-replayer').waitFor({ timeout: 15_000 });
      expect(winner.page.url()).toMatch(/\/table\/\d+\?replay=\d+/);
      await screenshot(winner.page, winner.phone ? 'table-phone-mn-07-replay-link' : 'table-desktop-06-replay-link');

      console.log(
        `[table e2e] ${((Date.now() - started) / 1000).toFixed(1)} s, ${(await settledHands(base, a.token, tableId)).length} hands for Alice, rebought ${rebought}×`,
      );
      await alice.page.context().close();
      await bob.page.context().close();
    }
  }, 300_000); // one long scenario: allow for a busy machine
});
