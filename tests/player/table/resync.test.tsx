// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { TableStore } from '../../../src/player/table/state/tableStore';
import { TablePage } from '../../../src/player/table/TablePage';
import { FakeConnection, renderWith, seat, TABLE_ID, tableView } from './helpers';

afterEach(cleanup);

const subscribes = (conn: FakeConnection) => conn.sent.filter((s) => s.cmd.action === 'SUBSCRIBE').length;

describe('TableStore versions', () => {
  it('applies consecutive patches and ignores stale or duplicate ones', () => {
    const conn = new FakeConnection();
    const store = new TableStore(TABLE_ID, conn);
    store.start();
    conn.state(tableView(), 10);
    conn.event(TABLE_ID, 11, { kind: 'CHIPS_ADDED', seat: 0, amount: 500 }, { seats: { 0: seat(0, { stack: 10_500 }) } });
    expect(store.view!.seats[0]!.stack).toBe(10_500);
    expect(store.version).toBe(11);
    conn.event(TABLE_ID, 11, { kind: 'CHIPS_ADDED', seat: 0, amount: 500 }, { seats: { 0: seat(0, { stack: 11_000 }) } });
    expect(store.view!.seats[0]!.stack).toBe(10_500);
    expect(subscribes(conn)).toBe(1);
  });

  it('asks for a fresh TABLE_STATE on a version gap and ignores events until it comes', () => {
    const conn = new FakeConnection();
    const store = new TableStore(TABLE_ID, conn);
    store.start();
    conn.state(tableView(), 10);
    expect(subscribes(conn)).toBe(1);
    conn.event(TABLE_ID, 12, { kind: 'SAT_OUT', seat: 0 }, { seats: { 0: seat(0, { state: 'SITTING_OUT' }) } });
    expect(subscribes(conn)).toBe(2);
    expect(store.resyncing).toBe(true);
    expect(store.view!.seats[0]!.state).toBe('PLAYING'); // the gapped patch was not applied
    conn.event(TABLE_ID, 13, { kind: 'SAT_IN', seat: 0 }, { seats: { 0: seat(0) } });
    expect(store.version).toBe(10);
    conn.state(tableView({ seats: [seat(0, { state: 'SITTING_OUT' }), null, null, null, null, null] }), 13);
    expect(store.resyncing).toBe(false);
    expect(store.version).toBe(13);
    expect(store.view!.seats[0]!.state).toBe('SITTING_OUT');
  });

  it('ignores frames of other tables', () => {
    const conn = new FakeConnection();
    const store = new TableStore(TABLE_ID, conn);
    store.start();
    conn.state(tableView({ tableId: 99, name: 'Other' }), 1);
    expect(store.view).toBeNull();
  });

  it('corrects its clock from serverTime', () => {
    const conn = new FakeConnection();
    const store = new TableStore(TABLE_ID, conn);
    store.start();
    conn.emit({ type: 'GAME', action: 'TABLE_STATE', tableId: TABLE_ID, version: 1, state: tableView(), serverTime: Date.now() + 5_000 });
    expect(store.now() - Date.now()).toBeGreaterThan(4_900);
  });

  it('sends UNSUBSCRIBE when stopped', () => {
    const conn = new FakeConnection();
    const stop = new TableStore(TABLE_ID, conn).start();
    stop();
    expect(conn.actions()).toEqual(['SUBSCRIBE', 'UNSUBSCRIBE']);
  });
});

describe('reconnecting', () => {
  it('shows a banner while the socket is down, then resubscribes for a full snapshot', async () => {
    const conn = new FakeConnection();
    renderWith(<TablePage tableId={TABLE_ID} connection={conn} account={null} onLobby={() => {}} />);
    act(() => conn.state(tableView(), 5));
    expect(screen.queryByTestId('reconnect-banner')).toBeNull();
    act(() => conn.setStatus('closed'));
    expect(screen.getByTestId('reconnect-banner').textContent).toContain('Reconnecting');
    act(() => conn.setStatus('connecting'));
    expect(subscribes(conn)).toBe(1);
    // The SUBSCRIBE waits a microtask (for the socket's AUTH); the banner says so at once.
    act(() => conn.setStatus('open'));
    expect(screen.getByTestId('reconnect-banner').textContent).toContain('Updating the table');
    await act(async () => {});
    expect(subscribes(conn)).toBe(2);
    expect(screen.getByTestId('reconnect-banner').textContent).toContain('Updating the table');
    act(() => conn.state(tableView({ name: 'Khangai after resync' }), 9));
    expect(screen.queryByTestId('reconnect-banner')).toBeNull();
    expect(screen.getByText('Khangai after resync')).toBeTruthy();
  });

  it('shows an error when the table does not exist', async () => {
    const conn = new FakeConnection();
    conn.autoAck = false;
    renderWith(<TablePage tableId={TABLE_ID} connection={conn} account={null} onLobby={() => {}} />);
    await act(async () => conn.sent[0].reject('NOT_FOUND'));
    expect(screen.getByText('Table not found')).toBeTruthy();
  });
});
