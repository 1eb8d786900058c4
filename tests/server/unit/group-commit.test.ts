import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../../src/server/tables/group-commit';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('group commit', () => {
  it('sends a lone request at once, and what arrives meanwhile as one batch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const gate = () =>
      new Promise<void>((r) => {
        release = r;
      });
    const g = new GroupCommit<number, number>(
      async (xs) => {
        batches.push(xs);
        await gate();
        return xs.map((x) => x * 10);
      },
      async (x) => {
        batches.push([x]);
        await gate();
        return x * 10;
      },
    );
    const first = g.run(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const rest = [g.run(2), g.run(3), g.run(4)];
    await tick();
    expect(batches).toEqual([[1]]); // waiting for the first to finish
    release();
    expect(await first).toBe(10);
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    release();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const g = new GroupCommit<number, number>(
      async (xs) => {
        sizes.push(xs.length);
        return xs;
      },
      async (x) => {
        sizes.push(1);
        return x;
      },
      3,
    );
    const all = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((x) => g.run(x)));
    expect(all).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('a failed batch is retried one by one, so only the bad request fails', async () => {
    const g = new GroupCommit<number, number>(
      async () => {
        throw new Error('batch failed');
      },
      async (x) => {
        if (x === 2) throw new Error('bad 2');
        return x;
      },
    );
    const results = await Promise.allSettled([1, 2, 3].map((x) => g.run(x)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('bad 2');
  });

  it('keeps going after a failure', async () => {
    const g = new GroupCommit<number, number>(
      async (xs) => xs,
      async (x) => {
        if (x < 0) throw new Error('neg');
        return x;
      },
    );
    await expect(g.run(-1)).rejects.toThrow('neg');
    expect(await g.run(5)).toBe(5);
  });
});
