// Cash tables for the server tests, created as an administrator does.
import { expect } from 'vitest';
import type { CreateTableBody } from '../../../src/shared/api/admin';
import { tableBody } from '../../support/table-body';
import type { Ctx } from './app';

/** Creates a table through POST /api/v1/admin/table (tableBody's settings with `over`) and answers its id. */
export async function createTable(ctx: Ctx, name: string, over: Partial<CreateTableBody> = {}): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: await ctx.admin(), payload: tableBody(name, over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().tableId as number;
}
