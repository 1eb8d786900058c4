// @vitest-environment jsdom
// Cards arrive as at the big rooms (docs/table.md, Animations): dealt from the middle of the table,
// an opponent's face-down cards flip over at a showdown, and nothing moves when the animations
// setting is off or the system asks for reduced motion.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { TableEvent } from '../../../src/shared/protocol';
import { renderSeatedAt1, seat, TABLE_ID } from './helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const start = () => renderSeatedAt1();
const entries = (seatIndex: number) =>
  [...screen.getByTestId(`seat-cards-${seatIndex}`).querySelectorAll('[data-entry]')].map((e) => e.getAttribute('data-entry'));

describe('dealing and flipping cards', () => {
  it('deals my cards and the backs from the middle, and flips an opponent’s cards at the showdown, once', () => {
    const conn = start();
    expect(entries(1)).toEqual(['deal', 'deal']);
    expect(entries(3)).toEqual(['deal', 'deal']);
    const flyFrom = (screen.getByTestId('seat-cards-3').querySelector('[data-entry]') as HTMLElement).style;
    // Seat 3 sits away from the middle: its cards start from the middle's side, not from straight above.
    expect(flyFrom.getPropertyValue('--from-x') !== '0px' || flyFrom.getPropertyValue('--from-y') !== '0px').toBe(true);

    act(() =>
      conn.event(
        TABLE_ID,
        2,
        { kind: 'SHOWED', seat: 3, cards: ['Qs', 'Qd'], description: 'a pair of Queens' },
        {
          seats: { 3: seat(3, { cards: ['Qs', 'Qd'] }) },
        },
      ),
    );
    expect(entries(3)).toEqual(['flip', 'flip']);
    expect(entries(1)).toEqual(['deal', 'deal']);
    // A later change of the seat (its stack paid) does not play the cards again.
    act(() =>
      conn.event(
        TABLE_ID,
        3,
        { kind: 'POT_AWARDED', potIndex: 0, amount: 2_000, rake: 0, winners: [{ seat: 3, amount: 2_000 }], description: 'a pair of Queens' },
        { seats: { 3: seat(3, { cards: ['Qs', 'Qd'], stack: 12_000 }) } },
      ),
    );
    expect(entries(3)).toEqual(['flip', 'flip']);
  });

  it('turns every animation off under the system’s reduced motion', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener: () => {}, removeEventListener: () => {} }));
    start();
    expect(screen.getByTestId('table-page').getAttribute('data-animations')).toBe('off');
  });

  it('animates when neither the setting nor the system says otherwise', () => {
    start();
    expect(screen.getByTestId('table-page').getAttribute('data-animations')).toBe('on');
  });

  it('chips fly to the winner, and a table closed mid-flight leaves no timer behind', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const conn = start();
      const award: TableEvent = {
        kind: 'POT_AWARDED',
        potIndex: 0,
        amount: 2_000,
        rake: 0,
        winners: [{ seat: 3, amount: 2_000 }],
        description: 'a pair of Queens',
      };
      const before = vi.getTimerCount();
      act(() => conn.event(TABLE_ID, 2, award, { seats: { 3: seat(3, { stack: 12_000 }) } }));
      expect(screen.getAllByTestId('chip-flight').length).toBeGreaterThan(0);
      expect(vi.getTimerCount()).toBe(before + 1);
      cleanup();
      // The flight's end would have set the state of an unmounted table (in a later test file, after
      // the page's window is gone, it threw "window is not defined").
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
