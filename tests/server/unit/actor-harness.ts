// A table actor on the in-memory store and a manual clock: its rules run without a database.
// Seeds and random numbers are deterministic, so a failing case plays the same way again.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { deckFromSeed } from '../../../src/poker/fair';
import type { ServerMessage, TableView } from '../../../src/shared/protocol';
import { applyTablePatch } from '../../../src/shared/protocol';
import { textOf } from '../../../src/server/core/frame';
import { TableActor, type ActorDeps } from '../../../src/server/tables/actor';
import { ManualClock } from '../../../src/server/core/clock';
import { MemoryTableStore } from '../../support/store-memory';
import type { TableConfig } from '../../../src/server/tables/types';
import type { TablePolicy } from '../../../src/server/tables/policy';
import { tableConfig } from '../../support/table-body';
import { TestViewers } from '../../support/viewers';

/** Where every harness table's viewers get their frames (keys are unique per test). */
export const viewers = new TestViewers();

export const baseConfig = tableConfig({ rakeCap: 300 });

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Harness {
  clock: ManualClock;
  store: MemoryTableStore;
  actor: TableActor;
  /** Lets queued commands and timers run until the table is quiet, `ms` later. */
  settle(ms?: number): Promise<void>;
  player(balance: number): { userId: number; username: string };
  /** New players with 20,000 each, seated in order at `seats` with `buyIn`. */
  seat(seats: number[], buyIn: number): Promise<Array<{ userId: number; username: string }>>;
}

export async function openTable(
  over: Partial<TableConfig> = {},
  opts: { store?: MemoryTableStore; deps?: Partial<ActorDeps>; policy?: TablePolicy } = {},
): Promise<Harness> {
  const clock = new ManualClock();
  const store = opts.store ?? new MemoryTableStore();
  let n = 0;
  let r = 0;
  const actor = new TableActor(
    { ...baseConfig, ...over },
    {
      clock,
      store,
      newSeed: () => sha(`seed:${n++}`),
      seedHash: (seed) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
      deckFromSeed,
      randomInt: (k) => (k <= 1 ? 0 : parseInt(sha(`int:${r++}`).slice(0, 12), 16) % k),
      onJackpot: () => {},
      onLobbyChange: () => {},
      sink: viewers.sink,
      betweenHands: 2000,
      fastBots: true,
      botIterations: 20,
      ...opts.deps,
    },
    opts.policy,
  );
  await actor.init();
  let names = 0;
  return {
    clock,
    store,
    actor,
    async settle(ms = 0) {
      for (let i = 0; i < 20; i++) {
        clock.advance(i === 0 ? ms : 0);
        await actor.idle();
        await new Promise((res) => setImmediate(res));
      }
    },
    player: (balance) => store.addUser(`p${++names}`, balance),
    async seat(seats, buyIn) {
      const users = seats.map(() => store.addUser(`p${++names}`, 20_000));
      for (const [i, u] of users.entries()) await actor.handle({ kind: 'sit', user: u, seat: seats[i], buyIn });
      return users;
    },
  };
}

/** A viewer that keeps every frame and a view rebuilt from them, as a client would. */
export function watch(actor: TableActor, user: { userId: number } | null) {
  const frames: ServerMessage[] = [];
  const state: { view: TableView | null; version: number } = { view: null, version: -1 };
  const key = `v${Math.random()}`;
  void viewers.subscribe(actor, {
    key,
    userId: user?.userId ?? null,
    send: (payload) => {
      const m = JSON.parse(textOf(payload)) as ServerMessage;
      frames.push(m);
      if (m.type !== 'GAME') return;
      if (m.action === 'TABLE_STATE') {
        state.view = m.state;
        state.version = m.version;
      }
      if (m.action === 'TABLE_EVENT') {
        expect(m.version).toBe(state.version + 1);
        state.version = m.version;
        state.view = applyTablePatch(state.view!, m.patch);
      }
    },
  });
  return { frames, state, key };
}

/** The kinds of the table events a viewer got from frame `from` on. */
export function eventKinds(w: { frames: ServerMessage[] }, from = 0): string[] {
  return w.frames.slice(from).flatMap((m) => (m.type === 'GAME' && m.action === 'TABLE_EVENT' ? [m.event.kind] : []));
}

/** Who is to act, as user ids: [mover, the other] of a heads-up hand. */
export function headsUpOrder<U extends { userId: number }>(actor: TableActor, a: U, b: U): [U, U] {
  const view = actor.viewFor(null);
  return view.seats[view.hand!.toAct!]!.userId === a.userId ? [a, b] : [b, a];
}

/** Money is conserved: every account of the store sums to zero. */
export function expectConserved(store: MemoryTableStore): void {
  expect(store.total()).toBe(0);
}
