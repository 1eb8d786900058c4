// PHH export (toPhh) round trips, raked hands that reproduce their own result, and the replay
// CLI (`npm run --silent phh -- replay FILE...`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as smolParse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import {
  actionsOf,
  checkOrCall,
  completeBetOrRaiseTo,
  compareFinishingStacks,
  createHand,
  dealFromDeck,
  fromUnits,
  legalActions,
  parsePhh,
  replayHand,
  replayPhh,
  settle,
  stripComment,
  toPhh,
  autoShowOrMuck,
} from '../../src/poker/index';
import { corpusFiles, label, repoRoot } from '../conformance/corpus';
import { playHand } from '../conformance/gen-hands';
import { ok } from '../support/engine';

const files = [...corpusFiles('real'), ...corpusFiles('generated')];

describe('export round trips', () => {
  it('every conformance hand: replay, export, re-import and replay give the same stacks and the same text', () => {
    const problems: string[] = [];
    for (const f of files) {
      const first = replayPhh(readFileSync(f, 'utf8'));
      if (!first.ok) {
        problems.push(`${label(f)}: ${first.error}`);
        continue;
      }
      const places = first.places ?? 0;
      const text = toPhh(first.state, { places });
      const again = replayPhh(text);
      if (!again.ok) {
        problems.push(`${label(f)}: exported text does not replay: ${again.error}`);
        continue;
      }
      // Compare in the file's own units (the re-import may use fewer places: 1066.10 -> 1066.1).
      const a = first.finishingStacks.map((x) => fromUnits(x, places));
      const b = again.finishingStacks.map((x) => fromUnits(x, again.places ?? 0));
      if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${label(f)}: stacks ${JSON.stringify(a)} then ${JSON.stringify(b)}`);
      if (toPhh(again.state, { places: again.places ?? 0 }) !== text) problems.push(`${label(f)}: export is not stable`);
    }
    expect(problems).toEqual([]);
  });

  it('exports the actions as played, without comments, in order', () => {
    const f = corpusFiles('generated')[0];
    const parsed = parsePhh(readFileSync(f, 'utf8'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = replayHand(parsed.hand);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const played = parsed.hand.actions.map(stripComment).filter((a) => a !== '');
    expect(actionsOf(r.state)).toEqual(played);
  });

  it('a hand the engine dealt and played exports as valid TOML and replays to its stacks', () => {
    const deck = Array.from({ length: 52 }, (_, i) => (i * 7) % 52); // a fixed "shuffle"
    let s = ok(createHand({ variant: 'NT', startingStacks: [1000, 800, 1200], antes: [1, 1, 1], blindsOrStraddles: [5, 10, 0], minBet: 10 }));
    let raised = false;
    while (s.phase !== 'complete') {
      if (s.phase === 'dealing') s = ok(dealFromDeck(s, deck));
      else if (s.phase === 'betting') {
        const l = legalActions(s)!;
        if (!raised && l.raise) {
          raised = true;
          s = ok(completeBetOrRaiseTo(s, l.raise.minTo));
        } else s = ok(checkOrCall(s));
      } else if (s.phase === 'showdown') s = ok(autoShowOrMuck(s));
      else s = ok(settle(s));
    }
    const text = toPhh(s, { places: 2, extra: { players: ['ann', 'bo', 'cy'], hand: 17, 'bad key!': 'dropped' } });
    const toml = smolParse(text) as Record<string, unknown>;
    expect(toml.variant).toBe('NT');
    expect(toml.players).toEqual(['ann', 'bo', 'cy']);
    expect(toml.hand).toBe(17);
    expect(toml['bad key!']).toBeUndefined();
    // Cents: 1000 chips are written 10 (dollars), the 1-chip antes 0.01.
    expect(toml.starting_stacks).toEqual([10, 8, 12]);
    expect(toml.antes).toEqual([0.01, 0.01, 0.01]);
    const back = replayPhh(text);
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.finishingStacks.map((x) => fromUnits(x, back.places ?? 0))).toEqual(s.stacks.map((x) => fromUnits(x, 2)));
    expect(toml.finishing_stacks).toEqual(s.stacks.map((x) => x / 100));
  });

  it('a hand in progress exports without finishing stacks and is reported as unfinished on replay', () => {
    let s = ok(createHand({ variant: 'PO', startingStacks: [100, 100, 100], blindsOrStraddles: [1, 2, 0], minBet: 2 }));
    s = ok(
      dealFromDeck(
        s,
        Array.from({ length: 52 }, (_, i) => i),
      ),
    );
    s = ok(checkOrCall(s));
    const text = toPhh(s);
    expect(text).not.toContain('finishing_stacks');
    const toml = smolParse(text) as Record<string, unknown>;
    expect(toml.variant).toBe('PO');
    expect((toml.actions as string[]).length).toBe(4);
    const r = replayPhh(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/end before the hand does/);
  });
});

describe('export of a finished hand: what a reader needs to reproduce it', () => {
  it('300 raked hands (rake and jackpot share, per pot) replay to their own finishing_stacks and winnings', () => {
    const problems: string[] = [];
    let raked = 0;
    for (let k = 0; k < 300; k++) {
      const { state, cuts } = playHand(5_000 + k, true);
      const text = toPhh(state, { cuts });
      const toml = smolParse(text) as Record<string, number[] | undefined>;
      expect(toml.finishing_stacks).toEqual(state.stacks);
      expect(toml.winnings).toEqual(state.result!.won);
      if (state.result!.totalRake > 0) {
        raked++;
        expect(toml._pot_amounts).toEqual(state.result!.pots.map((p) => p.amount));
        expect(toml._cuts).toEqual(state.result!.pots.map((p) => p.rake));
        expect(toml._rake).toEqual(cuts.map((c) => c.rake));
        expect(toml._jackpot).toEqual(cuts.map((c) => c.jackpot));
      } else expect(text).not.toContain('_cuts');
      const parsed = parsePhh(text);
      if (!parsed.ok) {
        problems.push(`${k}: ${parsed.error}`);
        continue;
      }
      const r = replayHand(parsed.hand);
      if (!r.ok) {
        problems.push(`${k}: ${r.error}`);
        continue;
      }
      const check = compareFinishingStacks(parsed.hand, r.finishingStacks);
      if (check === null || typeof check === 'string' || !check.matches) problems.push(`${k}: ${JSON.stringify(check)}`);
      if (JSON.stringify(r.state.result!.won) !== JSON.stringify(state.result!.won)) problems.push(`${k}: winnings differ`);
      if (toPhh(r.state, { cuts }) !== text) problems.push(`${k}: export is not stable`);
    }
    expect(problems).toEqual([]);
    expect(raked).toBeGreaterThan(200);
  });

  it('a recorded cut that does not fit the pots is an error, not a silent result', () => {
    let k = 0;
    let text = '';
    for (; !text.includes('_cuts'); k++) text = toPhh(playHand(6_000 + k, true).state);
    // One cut more than there are pots (without _pot_amounts, which would also disagree).
    const bad = text.replace(/^_pot_amounts = .*\n/m, '').replace(/^_cuts = \[/m, '_cuts = [1, ');
    const r = replayPhh(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/recorded cut does not fit/);
    const worse = text.replace(/^_pot_amounts = \[/m, '_pot_amounts = [7');
    expect(replayPhh(worse).ok).toBe(false);
  });

  it('writes the time fields (PHH local time, time zone, day, month, year) and the hand id as fields', () => {
    const s = playHand(42).state;
    const at = Date.UTC(2026, 0, 31, 23, 59, 58); // 2026-02-01 07:59:58 in Ulaanbaatar (UTC+8)
    const utc = toPhh(s, { startedAt: at, handId: 123456, extra: { hand: 17 } });
    expect(utc).toMatch(/^time = 23:59:58$/m);
    expect(utc).not.toMatch(/#/); // nothing in comments: readers drop them
    const toml = smolParse(utc) as Record<string, unknown>;
    expect(toml.time_zone).toBe('UTC');
    expect([toml.day, toml.month, toml.year]).toEqual([31, 1, 2026]);
    expect(toml._hand_id).toBe(123456);
    expect(toml.hand).toBe(17);
    const local = smolParse(toPhh(s, { startedAt: new Date(at), timeZone: 'Asia/Ulaanbaatar', handId: 'T3-88' })) as Record<string, unknown>;
    expect(String(local.time)).toMatch(/07:59:58/);
    expect([local.time_zone, local.day, local.month, local.year]).toEqual(['Asia/Ulaanbaatar', 1, 2, 2026]);
    expect(local._hand_id).toBe('T3-88');
    // An unknown zone falls back to UTC rather than failing the export.
    expect((smolParse(toPhh(s, { startedAt: at, timeZone: 'Nowhere/Else' })) as Record<string, unknown>).time_zone).toBe('UTC');
    // Our own reader takes the local time too, and the hand replays.
    expect(replayPhh(utc).ok).toBe(true);
    // Extra fields never duplicate a field already written (that would be invalid TOML).
    const dup = toPhh(s, { handId: 1, extra: { _hand_id: 2, finishing_stacks: 'x' } });
    expect((smolParse(dup) as Record<string, unknown>)._hand_id).toBe(1);
  });
});

describe('replay CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'phh-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
  const cli = join(repoRoot, 'src', 'poker', 'cli', 'phh.ts');

  function run(args: string[]): { lines: Record<string, unknown>[]; status: number } {
    try {
      const out = execFileSync(tsx, [cli, ...args], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return {
        lines: out
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, unknown>),
        status: 0,
      };
    } catch (e) {
      const err = e as { status: number; stdout: string };
      return {
        lines: err.stdout
          ? err.stdout
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l) as Record<string, unknown>)
          : [],
        status: err.status,
      };
    }
  }

  it('prints one JSON line per file, in order: stacks for hands, errors for a missing and a garbage file; exit code 0', () => {
    const pluribus = corpusFiles('real').find((f) => f.includes('pluribus'))!;
    const generated = corpusFiles('generated')[1];
    const garbage = join(dir, 'garbage.phh');
    writeFileSync(garbage, 'this = is not [ a hand\n\u0000\u0001');
    const missing = join(dir, 'missing.phh');
    const { lines, status } = run(['replay', pluribus, missing, garbage, generated]);
    expect(status).toBe(0);
    expect(lines.map((l) => l.file)).toEqual([pluribus, missing, garbage, generated]);
    for (const [i, f] of [
      [0, pluribus],
      [3, generated],
    ] as const) {
      const want = (smolParse(readFileSync(f, 'utf8')) as { finishing_stacks: number[] }).finishing_stacks;
      expect(lines[i]).toEqual({ file: f, finishing_stacks: want });
    }
    for (const i of [1, 2]) {
      expect(Object.keys(lines[i])).toEqual(['file', 'error']);
      expect(typeof lines[i].error).toBe('string');
    }
  });

  it('computes the stacks from the actions, writes exact decimals, and reports finishing_stacks that differ (exit 1)', () => {
    // A cash hand in dollars and cents whose file lies about the outcome.
    const f = join(dir, 'cents.phh');
    writeFileSync(
      f,
      [
        'variant = "NT"',
        'antes = [0, 0]',
        'blinds_or_straddles = [0.05, 0.1]',
        'min_bet = 0.1',
        'starting_stacks = [10.07, 4.3]',
        'actions = ["d dh p1 AsAh", "d dh p2 7c2d", "p2 cbr 0.3", "p1 cc", "d db 3c8d9h", "p1 cc", "p2 cc", "d db Td", "p1 cc", "p2 cc", "d db 4s", "p1 cc", "p2 cc", "p1 sm AsAh", "p2 sm 7c2d"]',
        'finishing_stacks = [1, 2]',
      ].join('\n'),
    );
    const { lines, status } = run(['replay', f]);
    expect(status).toBe(1);
    expect(lines).toEqual([{ file: f, finishing_stacks: [10.37, 4], recorded_finishing_stacks: [1, 2], mismatch: true }]);
  });

  it('raked hands exported by toPhh replay to their finishing_stacks with the recorded cut, and only with it', () => {
    const files: string[] = [];
    for (let k = 0; k < 40; k++) {
      const { state, cuts } = playHand(77_000 + k, true);
      const f = join(dir, `raked-${k}.phh`);
      writeFileSync(f, toPhh(state, { cuts, startedAt: Date.UTC(2026, 10, 23, 20, 12, 7), handId: 9000 + k, extra: { hand: k + 1, currency: 'MNT' } }));
      files.push(f);
    }
    const raked = files.filter((f) => readFileSync(f, 'utf8').includes('_cuts'));
    expect(raked.length).toBeGreaterThan(20);
    const { lines, status } = run(['replay', ...files]);
    expect(status).toBe(0);
    for (let k = 0; k < files.length; k++) {
      const want = (smolParse(readFileSync(files[k], 'utf8')) as { finishing_stacks: number[] }).finishing_stacks;
      expect(lines[k]).toEqual({ file: files[k], finishing_stacks: want });
    }
    // The same files without the cut: the stacks no longer add up, and the CLI says so.
    const stripped = raked.slice(0, 5).map((f) => {
      const g = f.replace(/\.phh$/, '-nocut.phh');
      writeFileSync(g, readFileSync(f, 'utf8').replace(/^_(cuts|pot_amounts|rake|jackpot) = .*\n/gm, ''));
      return g;
    });
    const again = run(['replay', ...stripped]);
    expect(again.status).toBe(1);
    for (const line of again.lines) expect(line.mismatch).toBe(true);
  });

  it('without files it prints a usage line and exits 2', () => {
    expect(run(['replay']).status).toBe(2);
  });
});
