// @vitest-environment jsdom
// What the bottom panel tells a seated player who is out of the pot: folded during the hand, but
// at the showdown a player who lost (and mucked) is told the hand is over, not that they folded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { PlayerPanel } from '../../../src/player/table/components/PlayerPanel';
import type { PreActionState } from '../../../src/player/table/hooks/usePreActions';
import { hand, renderWith, seat, TABLE_ID, testI18n } from './helpers';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const noPre = { available: false } as unknown as PreActionState;

function panel(street: 'RIVER' | 'SHOWDOWN', lng: 'en' | 'mn' = 'en') {
  renderWith(
    <PlayerPanel
      tableId={TABLE_ID}
      status="OPEN"
      bigBlind={100}
      me={seat(0, { state: 'FOLDED' })}
      hand={hand({ street, toAct: null, legal: null })}
      potTotal={0}
      pending={null}
      pre={noPre}
      compact={false}
      onAct={() => {}}
      onSitIn={() => {}}
    />,
    { i18n: testI18n(lng) },
  );
  return screen.getByTestId('player-panel').textContent ?? '';
}

describe('the panel of a player out of the pot', () => {
  it('says folded while the hand is played', () => {
    expect(panel('RIVER')).toBe('Folded. Wait for the next hand.');
  });

  it('after a lost showdown says the next hand is coming, in both languages', () => {
    expect(panel('SHOWDOWN')).toBe('The next hand starts soon');
    cleanup();
    const mn = panel('SHOWDOWN', 'mn');
    expect(mn).not.toBe('');
    expect(mn).not.toMatch(/Folded|next hand/);
  });
});
