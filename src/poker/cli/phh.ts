// `npm run --silent phh -- replay FILE...`: one JSON line per file with the finishing stacks
// computed from the actions alone (in the file's own units), or the reason it is not a hand.
// Files that are not valid hands are reported in their own line, not by the exit code: the run
// exits 0 once every file got its line (2 only for a usage error).
import { readFileSync } from 'node:fs';
import { fromUnits, replayPhh } from '../phh/index';

function main(argv: string[]): number {
  const [command, ...files] = argv;
  if (command !== 'replay' || files.length === 0) {
    process.stderr.write('usage: phh replay FILE...\n');
    return 2;
  }
  for (const file of files) {
    let error: string | null = null;
    let line = '';
    try {
      const r = replayPhh(readFileSync(file, 'utf8'));
      if (r.ok) {
        // Amounts are written as exact decimal literals, never through floats.
        const stacks = r.finishingStacks.map((x) => fromUnits(x, r.places ?? 0)).join(', ');
        line = `{"file": ${JSON.stringify(file)}, "finishing_stacks": [${stacks}]}`;
      } else error = r.error;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (error !== null) line = `{"file": ${JSON.stringify(file)}, "error": ${JSON.stringify(error)}}`;
    process.stdout.write(line + '\n');
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
