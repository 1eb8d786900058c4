// Every hand of the shared conformance corpus replays to its finishing stacks; generated hands
// also match pokerkit's legal options before each action, pots and returned bets.
import { describe, expect, it } from 'vitest';
import { checkFile, corpusFiles, label } from './corpus';

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
