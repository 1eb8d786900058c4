// @vitest-environment jsdom
// A .ts file (the shared project runs tests/shared/**/*.test.ts), so no JSX here.
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChipStack } from '../../../src/shared/ui/ChipStack';
import { CHIP_LADDER } from '../../../src/shared/ui/chipDenominations';

afterEach(cleanup);

const colourOf = (value: number) => CHIP_LADDER.find((c) => c.value === value)!.colour;

/** What the SVG draws, column by column: denomination, chips drawn (subpaths of the edges), top face colour. */
function drawn(container: HTMLElement) {
  return [...container.querySelectorAll('svg g[data-denomination]')].map((g) => {
    const edges = g.querySelector('path')!.getAttribute('d')!;
    return {
      value: Number(g.getAttribute('data-denomination')),
      count: Number(g.getAttribute('data-count')),
      chips: edges.match(/M/g)!.length,
      face: g.querySelector('ellipse')!.getAttribute('fill'),
      outline: g.querySelector('ellipse')!.getAttribute('stroke'),
    };
  });
}

describe('ChipStack', () => {
  it('draws one stack per denomination, largest first, in the ladder colours, with the label', () => {
    const { container } = render(createElement(ChipStack, { amount: 2_400, label: '2,400' }));
    const root = container.querySelector('[data-chips]')!;
    expect(root.getAttribute('data-chips')).toBe('2400');
    expect(screen.getByText('2,400')).toBeTruthy();
    expect(drawn(container)).toEqual([
      { value: 1_000, count: 2, chips: 2, face: colourOf(1_000), outline: CHIP_LADDER[5].edge },
      { value: 100, count: 4, chips: 4, face: colourOf(100), outline: CHIP_LADDER[3].edge },
    ]);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.textContent).toBe('');
  });

  it('keeps the 4 largest columns and at most 10 chips a column', () => {
    const { container } = render(createElement(ChipStack, { amount: 1_234 }));
    expect(drawn(container).map((c) => [c.value, c.chips, c.face])).toEqual([
      [1_000, 1, '#fdd835'],
      [100, 2, '#222222'],
      [25, 1, '#3cb043'],
      [5, 1, '#d32f2f'],
    ]);
    cleanup();
    const big = render(createElement(ChipStack, { amount: 1e9 }));
    expect(drawn(big.container).map((c) => [c.value, c.chips])).toEqual([[25_000_000, 10]]);
    cleanup();
    // A phone's bet: the largest only, so the box stays narrow beside the dealer button.
    const phone = render(createElement(ChipStack, { amount: 1_234, size: 14, maxColumns: 1 }));
    expect(drawn(phone.container).map((c) => c.value)).toEqual([1_000]);
  });

  it('stays compact: one column is `size` wide, a full one no taller than the old 5-chip stack; columns overlap', () => {
    const one = render(createElement(ChipStack, { amount: 100, size: 18 }));
    const svg1 = one.container.querySelector('svg')!;
    expect(Number(svg1.getAttribute('width'))).toBeCloseTo(18, 5);
    expect(Number(svg1.getAttribute('height'))).toBeLessThan(18);
    cleanup();
    const tall = render(createElement(ChipStack, { amount: 1e9, size: 18 }));
    const h = Number(tall.container.querySelector('svg')!.getAttribute('height'));
    // ~2 px a chip: 10 chips stand 9 × 2 px above a single one; the old stack was 18 + 4 × 3 px.
    expect(h - Number(svg1.getAttribute('height'))).toBeCloseTo(9 * 2, 0);
    expect(h).toBeLessThanOrEqual(18 + 4 * 3);
    cleanup();
    const four = render(createElement(ChipStack, { amount: 1_234, size: 14 }));
    const w = Number(four.container.querySelector('svg')!.getAttribute('width'));
    expect(w).toBeGreaterThan(3 * 14);
    expect(w).toBeLessThan(4 * 14);
  });

  it('draws no chips for 0, but keeps the attribute and the label', () => {
    const { container } = render(createElement(ChipStack, { amount: 0, label: '0' }));
    expect(container.querySelector('svg')).toBeNull();
    expect(container.querySelector('[data-chips="0"]')).not.toBeNull();
    expect(screen.getByText('0')).toBeTruthy();
  });
});
