// @vitest-environment jsdom
// A .ts file (the shared project runs tests/shared/**/*.test.ts), so no JSX here.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { HandReplayer } from '../../../src/shared/ui/HandReplayer';
import { replayFromPhh, PhhReadError } from '../../../src/shared/ui/replay/fromPhh';
import { replayFrames, framePot } from '../../../src/shared/ui/replay/frames';
import { ADMIN_SAMPLE_PHH } from '../../../mocks/admin-state';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

// The three-player hand to showdown the back office shows (mocks/admin-state.ts): Bat wins with aces.
const PHH = ADMIN_SAMPLE_PHH;

describe('replayFromPhh (on the engine)', () => {
  it('turns the record into posts, deals, actions, board, showdown and the win', () => {
    const hand = replayFromPhh(PHH);
    expect(hand.title).toBe('#12');
    expect(hand.players.map((p) => p.name)).toEqual(['Bat', 'Dorj', 'Saraa']);
    expect(hand.actions.slice(0, 2)).toEqual([
      { type: 'post', seat: 0, amount: 500 },
      { type: 'post', seat: 1, amount: 1000 },
    ]);
    expect(hand.actions).toContainEqual({ type: 'raise', seat: 2, to: 3000 });
    expect(hand.actions).toContainEqual({ type: 'bet', seat: 0, to: 4000 });
    expect(hand.actions).toContainEqual({ type: 'board', cards: ['Ah', '7h', '2s'] });
    const win = hand.actions.filter((a) => a.type === 'win');
    expect(win).toHaveLength(1);
    expect(win[0]).toMatchObject({ seat: 0, amount: 15_000 });
    expect((win[0] as { description?: string }).description).toMatch(/ace/i);
  });

  it('computes every frame: stacks, bets, pot and folds', () => {
    const frames = replayFrames(replayFromPhh(PHH));
    const end = frames.at(-1)!;
    expect(end.seats.map((s) => s.stack)).toEqual([58_000, 49_000, 43_000]);
    expect(end.seats[1].folded).toBe(true);
    expect(end.board).toEqual(['Ah', '7h', '2s', '9c', '3d']);
    expect(framePot(end)).toBe(0);
    // after the pre-flop raise and call, 7000 is in the middle
    const afterCall = frames.findIndex((f) => f.action?.type === 'fold');
    expect(framePot(frames[afterCall])).toBe(7_000);
  });

  it('rejects what is not a PHH record', () => {
    expect(() => replayFromPhh('variant = "NT"\nnonsense = [')).toThrow(PhhReadError);
  });
});

describe('HandReplayer', () => {
  it('steps forward and back, and plays to the end', () => {
    vi.useFakeTimers();
    try {
      const hand = replayFromPhh(PHH);
      const total = hand.actions.length;
      render(createElement(HandReplayer, { hand, playInterval: 500 }));
      const step = () => screen.getByTestId('replayer-step').textContent;
      expect(step()).toBe(`0 / ${total}`);
      expect(screen.getByTestId('replayer-caption').textContent).toBe('Hand start');
      expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
      expect(step()).toBe(`1 / ${total}`);
      expect(screen.getByTestId('replayer-caption').textContent).toBe('Bat posts 500');
      fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
      fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
      expect(screen.getByTestId('replayer-caption').textContent).toBe('Bat is dealt As Ks');
      expect(within(screen.getByTestId('replayer-seat-0')).getByRole('img', { name: 'A♠' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(step()).toBe(`2 / ${total}`);
      expect(within(screen.getByTestId('replayer-seat-0')).queryByRole('img', { name: 'A♠' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      for (let i = 0; i < total; i++)
        act(() => {
          vi.advanceTimersByTime(500);
        });
      expect(step()).toBe(`${total} / ${total}`);
      expect(screen.getByTestId('replayer-caption').textContent).toMatch(/^Bat wins 15000 with /);
      expect(screen.getByTestId('replayer-board').querySelectorAll('[data-card]').length).toBe(5);
      expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy(); // stopped by itself

      fireEvent.click(screen.getByRole('button', { name: 'First' }));
      expect(step()).toBe(`0 / ${total}`);
    } finally {
      vi.useRealTimers();
    }
  });
});
