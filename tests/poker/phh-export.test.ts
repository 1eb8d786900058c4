// PHH export (toPhh) round trips, and the replay CLI (`npm run --silent phh -- replay FILE...`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as smolParse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import {
  actionsOf, checkOrCall, completeBetOrRaiseTo, createHand, dealFromDeck, fromUnits, legalActions, parsePhh, replayHand,
  replayPhh, settle, stripComment, toPhh, autoShowOrMuck, type HandState, type StepResult,
} from '../../src/poker/index';
import { corpusFiles, label, repoRoot } from '../conformance/corpus';

function ok(r: StepResult): HandState {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
}

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
    s = ok(dealFromDeck(s, Array.from({ length: 52 }, (_, i) => i)));
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

describe('replay CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'phh-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
  const cli = join(repoRoot, 'src', 'poker', 'cli', 'phh.ts');

  function run(args: string[]): { lines: Record<string, unknown>[]; status: number } {
    try {
      const out = execFileSync(tsx, [cli, ...args], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return { lines: out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>), status: 0 };
    } catch (e) {
      const err = e as { status: number; stdout: string };
      return { lines: err.stdout ? err.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) : [], status: err.status };
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
    for (const [i, f] of [[0, pluribus], [3, generated]] as const) {
      const want = (smolParse(readFileSync(f, 'utf8')) as { finishing_stacks: number[] }).finishing_stacks;
      expect(lines[i]).toEqual({ file: f, finishing_stacks: want });
    }
    for (const i of [1, 2]) {
      expect(Object.keys(lines[i])).toEqual(['file', 'error']);
      expect(typeof lines[i].error).toBe('string');
    }
  });

  it('computes the stacks from the actions alone and writes exact decimals', () => {
    // A cash hand in dollars and cents whose file lies about the outcome: the CLI ignores it.
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
    expect(status).toBe(0);
    expect(lines).toEqual([{ file: f, finishing_stacks: [10.37, 4] }]);
  });

  it('without files it prints a usage line and exits 2', () => {
    expect(run(['replay']).status).toBe(2);
  });
});
