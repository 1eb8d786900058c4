// @vitest-environment jsdom
// Speed: a table event must re-render only the seats it changed. Commit durations are printed
// (the target is under 4 ms per event); the assertion is on which seats rendered.
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup } from '@testing-library/react';
import { TablePage } from '../../../src/player/table/TablePage';
import { RenderProbeContext } from '../../../src/player/table/hooks/useRenderProbe';
import type { TableEvent } from '../../../src/shared/protocol/table-events';
import type { TableViewPatch } from '../../../src/shared/protocol/table-view';
import { FakeConnection, hand, renderWith, seat, TABLE_ID, tableView } from './helpers';

afterEach(cleanup);

describe('render cost of table events on a 9-seat table', () => {
  it('re-renders exactly the changed seats and prints the commit time per event', () => {
    const conn = new FakeConnection();
    const rendered: number[] = [];
    const commits: number[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
      commits.push(actualDuration);
    };
    const probe = (name: string, key: number | string) => {
      if (name === 'Seat') rendered.push(Number(key));
    };
    renderWith(
      <RenderProbeContext.Provider value={probe}>
        <Profiler id="table" onRender={onRender}>
          <TablePage tableId={TABLE_ID} connection={conn} account={null} onLobby={() => {}} />
        </Profiler>
      </RenderProbeContext.Provider>,
    );
    const seats = Array.from({ length: 9 }, (_, i) => seat(i, { bet: 0 }));
    const deadline = Date.now() + 20_000;
    act(() => conn.state(tableView({ maxPlayers: 9, seats, hand: hand({ toAct: 3, actionDeadline: deadline }) }), 1));
    expect(new Set(rendered)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]));

    let version = 1;
    let current = seats.slice();
    const events: Array<{ event: TableEvent; patch: TableViewPatch; expect: number[] }> = [];
    // 30 actions round the table: each changes the actor's seat and passes the turn on.
    let toAct = 3;
    for (let k = 0; k < 30; k++) {
      const actor = toAct;
      const next = (actor + 1) % 9;
      const changed = seat(actor, { bet: 200 + k, stack: 9_800 - k });
      current = current.slice();
      current[actor] = changed;
      events.push({
        event: { kind: 'ACTED', seat: actor, action: 'CALL', amount: 200, allIn: false, timedOut: false },
        patch: { seats: { [actor]: changed }, hand: hand({ toAct: next, actionDeadline: deadline + k }) },
        // the actor (new seat object, turn ends) and the next actor (turn starts)
        expect: [actor, next].sort(),
      });
      toAct = next;
    }
    // a connection change touches one seat and nothing else
    events.push({ event: { kind: 'CONNECTION', seat: 6, connected: false }, patch: { seats: { 6: seat(6, { connected: false }) } }, expect: [6] });

    const perEvent: number[] = [];
    for (const e of events) {
      rendered.length = 0;
      commits.length = 0;
      act(() => conn.event(TABLE_ID, ++version, e.event, e.patch));
      expect([...rendered].sort()).toEqual(e.expect);
      perEvent.push(commits.reduce((a, b) => a + b, 0));
    }
    const sorted = [...perEvent].sort((a, b) => a - b);
    const mean = perEvent.reduce((a, b) => a + b, 0) / perEvent.length;
    console.log(
      `[table render] ${perEvent.length} events on 9 seats: mean ${mean.toFixed(2)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms per event (React Profiler actualDuration, jsdom)`,
    );
  });
});
