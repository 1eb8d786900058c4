// db/rows.ts names a row's keys by snake-casing the schema's keys: that is only the SQL column
// name when every column is declared as `fooBar: type('foo_bar')`.
import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { HandRow, RowOf, SnakeCase, UserRow } from '../../../src/server/db/rows';
import * as schema from '../../../src/server/db/schema';

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));

describe('schema keys and SQL names', () => {
  it('finds the tables', () => {
    expect(tables.map((t) => getTableConfig(t).name)).toEqual(expect.arrayContaining(['users', 'hands', 'transfers', 'login_failures']));
  });

  it.each(tables.map((t) => [getTableConfig(t).name, t] as const))('%s: every column is named as the snake_case of its key', (_name, table) => {
    const wrong = Object.entries(getTableColumns(table))
      .filter(([key, col]) => col.name !== snake(key))
      .map(([key, col]) => `${key} -> ${col.name}`);
    expect(wrong).toEqual([]);
  });

  it('derives row types with the SQL names and the schema value types', () => {
    expect(snake('payoutHoldUntil')).toBe('payout_hold_until');
    expectTypeOf<SnakeCase<'payoutHoldUntil'>>().toEqualTypeOf<'payout_hold_until'>();
    expectTypeOf<UserRow['last_login_at']>().toEqualTypeOf<string | null>();
    expectTypeOf<UserRow['role']>().toEqualTypeOf<'ADMIN' | 'SUPPORT' | 'PLAYER'>();
    expectTypeOf<HandRow['id']>().toEqualTypeOf<number>();
    expectTypeOf<keyof RowOf<typeof schema.loginSources>>().toEqualTypeOf<'user_id' | 'source' | 'last_success_at'>();
  });
});
