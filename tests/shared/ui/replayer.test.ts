// @vitest-environment jsdom
// A .ts file (the shared project runs tests/shared/**/*.test.ts), so no JSX here.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { HandReplayer } from '../../../src/shared/ui/HandReplayer';
import { replayFromPhh, PhhReadError } from '../../../src/shared/ui/replay/fromPhh';
import { replayFrames, framePot } from '../../../src/shared/ui/replay/frames';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const PHH = `
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
players = ["Bat", "Dorj", "Saraa"]
hand = 42
actions = [
  "d dh p1 AsKs",
  "d dh p2 7c2d",
  "d dh p3 QhQd",
  "p3 cbr 300",
  "p1 cc",
  "p2 f",
  "d db Ah7h2s",
  "p1 cbr 400",
  "p3 cc",
  "d db 9c",
  "p1 cc",
  "p3 cc",
  "d db 3d",
  "p1 cc",
  "p3 cc",
  "p1 sm AsKs",
  "p3 sm QhQd",
]
`;

describe('replayFromPhh (on the engine)', () => {
  it('turns the record into posts, deals, actions, board, showdown and the win', () => {
    const hand = replayFromPhh(PHH);
    expect(hand.title).toBe('#42');
    expect(hand.players.map((p) => p.name)).toEqual(['Bat', 'Dorj', 'Saraa']);
    expect(hand.actions.slice(0, 2)).toEqual([
      { type: 'post', seat: 0, amount: 50 },
      { type: 'post', seat: 1, amount: 100 },
    ]);
    expect(hand.actions).toContainEqual({ type: 'raise', seat: 2, to: 300 });
    expect(hand.actions).toContainEqual({ type: 'bet', seat: 0, to: 400 });
    expect(hand.actions).toContainEqual({ type: 'board', cards: ['Ah', '7h', '2s'] });
    const win = hand.actions.filter((a) => a.type === 'win');
    expect(win).toHaveLength(1);
    expect(win[0]).toMatchObject({ seat: 0, amount: 1_500 });
    expect((win[0] as { description?: string }).description).toMatch(/ace/i);
  });

  it('computes every frame: stacks, bets, pot and folds', () => {
    const frames = replayFrames(replayFromPhh(PHH));
    const end = frames.at(-1)!;
    expect(end.seats.map((s) => s.stack)).toEqual([10_800, 9_900, 9_300]);
    expect(end.seats[1].folded).toBe(true);
    expect(end.board).toEqual(['Ah', '7h', '2s', '9c', '3d']);
    expect(framePot(end)).toBe(0);
    // after the pre-flop raise and call, 700 is in the middle
    const afterCall = frames.findIndex((f) => f.action?.type === 'fold');
    expect(framePot(frames[afterCall])).toBe(700);
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
      expect(screen.getByTestId('replayer-caption').textContent).toBe('Bat posts 50');
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
      expect(screen.getByTestId('replayer-caption').textContent).toMatch(/^Bat wins 1500 with /);
      expect(screen.getByTestId('replayer-board').querySelectorAll('[data-card]').length).toBe(5);
      expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy(); // stopped by itself

      fireEvent.click(screen.getByRole('button', { name: 'First' }));
      expect(step()).toBe(`0 / ${total}`);
    } finally {
      vi.useRealTimers();
    }
  });
});
