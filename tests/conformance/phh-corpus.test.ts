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
