// The table page against the live server's shapes: hands from /user/hand in the replayer (and the
// ?replay= hand), chat history on open, batched events (only the last of a batch has the patch).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { entryToReplay, mergeReplayEntries, ReplayDialog } from '../../../src/player/table/dialogs/ReplayDialog';
import { TableChat } from '../../../src/player/table/components/TableChat';
import { HandRecorder } from '../../../src/player/table/logic/handRecorder';
import { logLine } from '../../../src/player/table/logic/handLog';
import { replayFromEvents } from '../../../src/shared/ui/replay/fromEvents';
import type { TableApi, TableHand } from '../../../src/player/table/io/tableApi';
import { FakeConnection, hand, renderWith, seat, TABLE_ID, tableView } from './helpers';

afterEach(cleanup);

const PHH = `variant = "NT"
ante_trimming_status = false
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [3000, 2000]
actions = [
  "d dh p1 Jh2s",
  "d dh p2 ????",
  "p2 cc",
  "p1 cc",
  "d db 9c4c9d",
  "p1 cc",
  "p2 cc",
  "d db 2d",
  "p1 cc",
  "p2 cc",
  "d db 3s",
  "p1 cc",
  "p2 cc",
  "p1 sm Jh2s",
  "p2 sm",
]
finishing_stacks = [3088, 1900]
`;

const serverHand = (handId: number, handNumber: number): TableHand => ({
  handId,
  tableId: TABLE_ID,
  handNumber,
  startedAt: new Date(0).toISOString(),
  phh: PHH,
  net: 0,
});

function fakeApi(hands: TableHand[], extra: TableHand[] = []): TableApi & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    myHands: async () => hands,
    myHand: async (id) => {
      asked.push(id);
      const h = [...hands, ...extra].find((x) => x.handId === id);
      if (!h) throw new Error('NOT_FOUND');
      return h;
    },
    chatHistory: async () => [
      { id: 1, userId: 5, username: 'saraa', text: 'сайн уу', tableId: TABLE_ID, createdAt: '' },
      { id: 2, userId: 6, username: 'bat', text: 'gl', tableId: TABLE_ID, createdAt: '' },
    ],
  };
}

describe("replayer with the server's hands", () => {
  it("merges this session's hands with the server's, one per hand, newest first", () => {
    const rec = { handId: 12, handNumber: 3, start: tableView(), steps: [] };
    const list = mergeReplayEntries([rec], [serverHand(12, 3), serverHand(10, 1), serverHand(11, 2)]);
    expect(list.map((e) => e.handId)).toEqual([12, 11, 10]);
    expect(list[0].recorded).toBe(rec);
    expect(list[0].phh).toBe(PHH);
  });

  it('opens on the ?replay= hand, fetched on its own when it is not among the last ones, and steps through its PHH', async () => {
    const api = fakeApi([serverHand(21, 5)], [serverHand(7, 1)]);
    renderWith(<ReplayDialog open tableId={TABLE_ID} hands={[]} heroSeat={null} heroName={null} api={api} initialHandId={7} onClose={() => {}} />);
    await screen.findByTestId('hand-replayer');
    expect(api.asked).toEqual([7]);
    expect(screen.getByTestId('replay-pick').textContent).toContain('Hand #1');
    expect(screen.getByTestId('replayer-step').textContent).toMatch(/^0 \/ \d+$/);
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    expect(screen.getByTestId('replayer-step').textContent).toMatch(/^2 \/ \d+$/);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('replayer-step').textContent).toMatch(/^1 \/ \d+$/);
  });
});

describe('server hands named from their summary', () => {
  it('gives the PHH players (p1, p2) their names and table seats, and finds the hero by user id', () => {
    const summary = {
      button: 4,
      players: [
        { userId: 1, seat: 4, username: 'alice' },
        { userId: 2, seat: 1, username: 'bob' },
      ],
    };
    const r = entryToReplay({ handId: 5, handNumber: 2, phh: PHH, summary }, null, null, 1)!;
    expect(r.hand.players.map((p) => [p.seat, p.name])).toEqual([
      [4, 'alice'],
      [1, 'bob'],
    ]);
    expect(r.heroSeat).toBe(4);
    expect(r.hand.button).toBe(4);
    expect(r.hand.actions.find((a) => a.type === 'deal')).toEqual({ type: 'deal', seat: 4, cards: ['Jh', '2s'] });
    expect(r.hand.actions).toContainEqual({ type: 'deal', seat: 1, cards: null });
  });
});

describe('chat history', () => {
  it("shows the table's last messages on open, then live ones, without duplicates", async () => {
    const conn = new FakeConnection();
    renderWith(<TableChat conn={conn} tableId={TABLE_ID} canSend api={fakeApi([])} />);
    await screen.findByText('сайн уу');
    conn.emit({ type: 'CHAT_MESSAGE', data: { id: 2, userId: 6, username: 'bat', text: 'gl', tableId: TABLE_ID, createdAt: '' } });
    conn.emit({ type: 'CHAT_MESSAGE', data: { id: 3, userId: 6, username: 'bat', text: 'nh', tableId: TABLE_ID, createdAt: '' } });
    await waitFor(() => expect(screen.getByText('nh')).toBeTruthy());
    expect(screen.getAllByText('gl')).toHaveLength(1);
  });
});

describe('batched events (the server patches only the last event of a batch)', () => {
  it("records the hand start and the dealt cards from the batch's patch, and a raise TO from the view before", () => {
    const r = new HandRecorder();
    const before = tableView({ hand: null, seats: [seat(0, { hasCards: false }), seat(1, { hasCards: false }), null, null, null, null] });
    const dealt = tableView({
      hand: hand({ handId: 9, button: 1 }),
      seats: [seat(0, { bet: 100, cards: ['As', 'Kd'] }), seat(1, { bet: 50 }), null, null, null, null],
      mySeat: 0,
    });
    r.record(
      { kind: 'HAND_STARTED', handId: 9, handNumber: 4, button: 1, seedHash: 'x', cardsRoot: 'r', entropy: [], nextSeedHash: 'n' },
      before,
      before,
      false,
    );
    r.record({ kind: 'POSTED', seat: 1, post: 'SMALL_BLIND', amount: 50 }, before, before, false);
    r.record({ kind: 'CARDS_DEALT', seats: [0, 1] }, before, before, false);
    r.record({ kind: 'TURN', seat: 1 }, dealt, before, true);
    r.record({ kind: 'ACTED', seat: 1, action: 'RAISE', amount: 250, allIn: false, timedOut: false }, dealt, dealt, false);
    r.record({ kind: 'HAND_ENDED', handId: 9, seed: null, seedHash: 'x', cardsRoot: 'r' }, dealt, dealt, true);
    const replay = replayFromEvents(r.hands[0]);
    expect(replay.button).toBe(1);
    expect(replay.players.map((p) => p.seat)).toEqual([0, 1]);
    expect(replay.actions).toContainEqual({ type: 'deal', seat: 0, cards: ['As', 'Kd'] });
    expect(replay.actions).toContainEqual({ type: 'raise', seat: 1, to: 300 });
    const line = logLine({ kind: 'ACTED', seat: 1, action: 'RAISE', amount: 250, allIn: false, timedOut: false }, dealt, dealt)!;
    expect(line.params.amount).toBe(300);
  });
});
