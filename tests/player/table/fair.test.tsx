// @vitest-environment jsdom
// Fair dealing in the browser: the table store answers each seed commitment with fresh entropy
// while seated and remembers each hand's card commitment; the information dialog verifies the
// player's own cards and the board against it, and finds the player's entropy mixed in.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { TableStore } from '../../../src/player/table/state/tableStore';
import { InfoDialog } from '../../../src/player/table/dialogs/InfoDialog';
import { FakeConnection, fairHand, hand, renderWith, TABLE_ID, tableView, testI18n } from './helpers';

afterEach(cleanup);

const entropySent = (conn: FakeConnection) => conn.sent.filter((s) => s.cmd.action === 'ENTROPY').map((s) => (s.cmd as { entropy: string }).entropy);

describe('entropy from the browser', () => {
  it('sends fresh entropy once per seed commitment, only while seated, and remembers it', () => {
    const conn = new FakeConnection();
    const store = new TableStore(TABLE_ID, conn);
    store.start();
    conn.state(tableView({ nextSeedHash: 'a1'.repeat(32) }), 1);
    expect(entropySent(conn)).toEqual([]); // a spectator adds nothing
    conn.event(TABLE_ID, 2, { kind: 'PLAYER_SAT', seat: 1, username: 'me', stack: 5000 }, { mySeat: 1 });
    expect(entropySent(conn)).toHaveLength(1);
    expect(entropySent(conn)[0]).toMatch(/^[0-9a-f]{64}$/);
    conn.event(TABLE_ID, 3, { kind: 'CHIPS_ADDED', seat: 1, amount: 100 }, {});
    expect(entropySent(conn)).toHaveLength(1); // that commitment is answered
    // The next hand starts: its card commitment is remembered, and the new seed commitment answered.
    conn.event(
      TABLE_ID,
      4,
      {
        kind: 'HAND_STARTED',
        handId: 8,
        handNumber: 8,
        button: 0,
        seedHash: 'a1'.repeat(32),
        cardsRoot: 'c8'.repeat(32),
        entropy: [],
        nextSeedHash: 'b2'.repeat(32),
      },
      { hand: hand({ handId: 8, cardsRoot: 'c8'.repeat(32) }), nextSeedHash: 'b2'.repeat(32) },
    );
    const sent = entropySent(conn);
    expect(sent).toHaveLength(2);
    expect(sent[1]).not.toBe(sent[0]);
    expect(store.fairMemory.roots.get(8)).toBe('c8'.repeat(32));
    expect(store.fairMemory.entropy.get('a1'.repeat(32))).toBe(sent[0]);
    expect(store.fairMemory.entropy.get('b2'.repeat(32))).toBe(sent[1]);
    expect(conn.sent.find((s) => s.cmd.action === 'ENTROPY')!.cmd).toMatchObject({ type: 'GAME', action: 'ENTROPY', tableId: TABLE_ID });
  });
});

describe('the fair check in the information dialog', () => {
  const serverSeed = '0f'.repeat(32);
  const mine = 'ab'.repeat(32);
  const entropy = [{ seat: 1, entropy: mine }];
  const { commitment, seedHash, last } = fairHand(serverSeed, entropy, { handId: 5, handNumber: 12 });
  const memory = { roots: new Map([[5, commitment.root]]), entropy: new Map([[seedHash, mine]]) };

  it("verifies the player's cards and the board, shows the entropy included, and keeps the seed secret", async () => {
    renderWith(<InfoDialog open view={tableView({ lastHand: last, mySeat: 1 })} onClose={() => {}} fairMemory={memory} />);
    await waitFor(() => expect(screen.getByTestId('fair-verdict').textContent).toBe('✓ Every card you saw was fixed before the deal'));
    expect(screen.getByTestId('fair-root').textContent).toBe(commitment.root);
    expect(within(screen.getByTestId('fair-mine')).getAllByText('✓')).toHaveLength(2);
    expect(within(screen.getByTestId('fair-shown')).getAllByText('✓')).toHaveLength(3);
    expect(screen.getByTestId('fair-entropy').textContent).toContain("Your browser's entropy is listed among this shuffle's inputs");
    expect(screen.queryByTestId('fair-deck')).toBeNull();
    expect(screen.queryByTestId('fair-seed')).toBeNull();
    expect(screen.getByText(/The seed stays secret/)).toBeTruthy();
  });

  it('says so when a card does not match, in Mongolian too', async () => {
    const forged = { ...last, mine: [{ ...last.mine[0], card: last.mine[1].card }, last.mine[1]] };
    await act(async () => {
      renderWith(<InfoDialog open view={tableView({ lastHand: forged, mySeat: 1 })} onClose={() => {}} fairMemory={memory} />, { i18n: testI18n('mn') });
    });
    await waitFor(() => expect(screen.getByTestId('fair-verdict').textContent).toBe('✗ Нэг хөзөр баталгаатай таарахгүй байна!'));
    expect(within(screen.getByTestId('fair-mine')).getAllByText('✗')).toHaveLength(1);
  });

  it('rebuilds the deck when the seed was disclosed', async () => {
    renderWith(<InfoDialog open view={tableView({ lastHand: { ...last, seed: serverSeed } })} onClose={() => {}} fairMemory={memory} />);
    await waitFor(() => expect(screen.getByTestId('fair-deck').children).toHaveLength(52));
    expect(screen.getByTestId('fair-seed').textContent).toBe(serverSeed);
  });
});
