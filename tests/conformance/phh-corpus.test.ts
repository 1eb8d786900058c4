// Every hand of the shared conformance corpus replays to its finishing stacks; generated hands
// also match pokerkit's legal options before each action, pots and returned bets. The same for
// this repository's own cases (tests/conformance/kill-merge: hands whose odd chips depend on
// killing the hands that win nothing before the pots are merged and paid).
import { describe, expect, it } from 'vitest';
import { checkFile, corpusFiles, label, localFiles } from './corpus';

for (const sub of ['real', 'generated'] as const) {
  describe(`PHH ${sub}`, () => {
    const files = corpusFiles(sub);
    it(`finds the ${sub} corpus`, () => {
      expect(files.length).toBeGreaterThanOrEqual(300);
    });
    it(`replays every ${sub} hand exactly`, () => {
      const failures: string[] = [];
      for (const f of files) {
        const problems = checkFile(f);
        if (problems.length > 0) failures.push(`${label(f)}: ${problems.join(' | ')}`);
      }
      expect(failures).toEqual([]);
    });
  });
}

describe('PHH kill-merge (tests/conformance/kill-merge)', () => {
  const files = localFiles('kill-merge');
  it('finds the cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(22);
  });
  it("replays every case to pokerkit's finishing stacks and winnings", () => {
    const failures: string[] = [];
    for (const f of files) {
      const problems = checkFile(f);
      if (problems.length > 0) failures.push(`${label(f)}: ${problems.join(' | ')}`);
    }
    expect(failures).toEqual([]);
  });
});

// Every game and table option (tests/conformance/games/<game>/, gen-games.ts seed 29: 500 hands a
// game, each replayed in pokerkit to the same legal options and finishing stacks by
// pokerkit_games_check.py), and the hand-written cases of the hard rules (tests/conformance/rules/).
describe('PHH games (tests/conformance/games)', () => {
  const files = localFiles('games');
  const byGame = new Map<string, string[]>();
  for (const f of files) {
    const game = label(f).split('/')[1];
    byGame.set(game, [...(byGame.get(game) ?? []), f]);
  }
  it('finds 500 hands of each of the 11 games', () => {
    expect([...byGame.keys()].sort()).toEqual(['fo-8', 'fo5-8', 'ft', 'ns', 'nt', 'po', 'po-8', 'po5', 'po5-8', 'po6', 'pt']);
    for (const list of byGame.values()) expect(list.length).toBeGreaterThanOrEqual(500);
  });
  for (const [game, list] of byGame) {
    it(`replays every ${game} hand to pokerkit's legal options, finishing stacks and winnings`, () => {
      const failures: string[] = [];
      for (const f of list) {
        const problems = checkFile(f);
        if (problems.length > 0) failures.push(`${label(f)}: ${problems.join(' | ')}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('PHH rules (tests/conformance/rules)', () => {
  const files = localFiles('rules');
  it('finds the hand-written cases of the hard rules', () => {
    expect(files.map((f) => label(f).split('/')[1])).toEqual(
      expect.arrayContaining(['quartered-po8.phh', 'rit-sidepots-nt.phh', 'straddle-short-nt.phh', 'ace-low-straight-ns.phh', 'bomb-pot-po.phh']),
    );
  });
  it("replays every case to pokerkit's finishing stacks and winnings", () => {
    const failures: string[] = [];
    for (const f of files) {
      const problems = checkFile(f);
      if (problems.length > 0) failures.push(`${label(f)}: ${problems.join(' | ')}`);
    }
    expect(failures).toEqual([]);
  });
});
