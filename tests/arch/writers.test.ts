// One writer per table of data (docs/architecture.md): every statement that changes these tables
// is in the one module named here, as every transfer is in the ledger. A new INSERT, UPDATE or
// DELETE elsewhere fails this test; move it into the writer (or name a new writer here, on purpose).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WRITERS: Record<string, string> = {
  transfers: 'src/server/core/ledger.ts',
  poker_tables: 'src/server/tables/records.ts',
  table_seats: 'src/server/tables/records.ts',
  hands: 'src/server/tables/records.ts',
  hand_players: 'src/server/tables/records.ts',
  tournaments: 'src/server/tournaments/records.ts',
  tournament_entries: 'src/server/tournaments/records.ts',
  tournament_purchases: 'src/server/tournaments/records.ts',
  users: 'src/server/accounts/user-records.ts',
};

const root = join(__dirname, '../..');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('one writer per table of data', () => {
  const sources = files(join(root, 'src/server')).map((path) => ({ file: relative(root, path), text: readFileSync(path, 'utf8') }));
  it.each(Object.entries(WRITERS))('%s is written only by %s', (table, writer) => {
    const writes = new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+${table}\\b`, 'i');
    const writers = sources.filter((s) => writes.test(s.text)).map((s) => s.file);
    expect(writers).toEqual([writer]);
  });
});
