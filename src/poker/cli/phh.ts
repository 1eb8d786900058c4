// `npm run --silent phh -- replay FILE...`: one JSON line per file with the finishing stacks
// computed from the actions and the cut the file records (_cuts per pot; _rake_by_player for the
// corpus's site-raked hands), in the file's own units, or the reason it is not a hand.
// When the file has finishing_stacks and they differ, the line says so ("mismatch": true, with
// the file's "recorded_finishing_stacks") and the run exits 1. Files that are not valid hands are
// reported in their own line, not by the exit code (0 once every file got its line; 2 for a
// usage error).
import { readFileSync } from 'node:fs';
import { compareFinishingStacks, fromUnits, parsePhh, replayHand } from '../phh/index';

function main(argv: string[]): number {
  const [command, ...files] = argv;
  if (command !== 'replay' || files.length === 0) {
    process.stderr.write('usage: phh replay FILE...\n');
    return 2;
  }
  let mismatches = 0;
  for (const file of files) {
    let error: string | null = null;
    let line = '';
    try {
      const parsed = parsePhh(readFileSync(file, 'utf8'));
      const r = parsed.ok ? replayHand(parsed.hand) : parsed;
      if (!r.ok) error = r.error;
      else if (parsed.ok) {
        // Amounts are written as exact decimal literals, never through floats.
        const list = (xs: readonly number[], places: number) => `[${xs.map((x) => fromUnits(x, places)).join(', ')}]`;
        const check = compareFinishingStacks(parsed.hand, r.finishingStacks);
        if (typeof check === 'string') error = check;
        else if (check === null) line = `{"file": ${JSON.stringify(file)}, "finishing_stacks": ${list(r.finishingStacks, parsed.hand.places)}}`;
        else {
          line = `{"file": ${JSON.stringify(file)}, "finishing_stacks": ${list(check.got, check.places)}`;
          if (!check.matches) {
            mismatches++;
            line += `, "recorded_finishing_stacks": ${list(check.want, check.places)}, "mismatch": true`;
          }
          line += '}';
        }
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (error !== null) line = `{"file": ${JSON.stringify(file)}, "error": ${JSON.stringify(error)}}`;
    process.stdout.write(line + '\n');
  }
  return mismatches > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
