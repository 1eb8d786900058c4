import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PotView } from '../../../shared/protocol/table-view';
import { PlayingCard } from '../../../shared/ui/PlayingCard';
import { ChipStack } from '../../../shared/ui/ChipStack';
import { useSetting } from '../../../shared/settings/useSettings';
import { useFormat } from '../hooks/useFormat';
import { DealtCard } from './DealtCard';

export interface BoardProps {
  board: string[];
  pots: PotView[];
  /** Pots plus the bets in front of players: what players call "the pot". */
  total: number;
  compact: boolean;
  banner: string | null;
  /** Board cards in a winning five (raised and lit at the showdown). */
  winning?: ReadonlySet<string>;
  /** Run it twice: the second board (its first cards are the first board's). */
  board2?: string[];
  /** A bomb pot: everyone anted, play starts on the flop. */
  bombPot?: boolean;
}

/** Community cards and pots in the middle. New cards mount and play the deal animation once. */
export const Board = memo(function Board({ board, pots, total, compact, banner, winning, board2, bombPot }: BoardProps) {
  const { t } = useTranslation('table');
  const fourColour = useSetting('fourColor');
  const { chips } = useFormat();
  const h = compact ? 52 : 76;
  return (
    <div
      style={{
        position: 'absolute',
        left: '50%',
        top: '50%',
        transform: 'translate(-50%, -50%)',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 6,
        zIndex: 1,
      }}
    >
      {bombPot && (
        <div
          data-testid="bomb-pot"
          role="status"
          style={{ color: '#111', background: '#ffab40', borderRadius: 99, padding: '0 10px', fontWeight: 800, fontSize: compact ? 11 : 13 }}
        >
          {t('bombPot')}
        </div>
      )}
      {total > 0 && (
        <div
          data-testid="pot-total"
          style={{ color: '#fff', background: 'rgba(0,0,0,.45)', borderRadius: 99, padding: '0 12px', fontWeight: 700, fontSize: compact ? 12 : 14 }}
        >
          {t('pot.total', { amount: chips(total) })}
        </div>
      )}
      <div data-testid="board" style={{ display: 'flex', gap: compact ? 3 : 6, minHeight: h }}>
        {board.map((c, i) => (
          // Flop cards fan out one after another; turn and river come alone.
          <div
            key={c}
            data-best={winning?.has(c) || undefined}
            style={{ transform: winning?.has(c) ? 'translateY(-8px)' : undefined, transition: 'transform .2s' }}
          >
            <DealtCard entry="deal" delayMs={i < 3 ? i * 90 : 0}>
              <PlayingCard card={c} height={h} fourColour={fourColour} highlighted={winning?.has(c)} />
            </DealtCard>
          </div>
        ))}
      </div>
      {board2 && board2.length > 0 && (
        // The second run-out under the first: the shared cards again, then its own.
        <div data-testid="board-2" aria-label={t('board2')} style={{ display: 'flex', gap: compact ? 3 : 6, minHeight: h }}>
          {board2.map((c, i) => (
            <div key={c} style={{ opacity: board.includes(c) ? 0.55 : 1 }}>
              <DealtCard entry="deal" delayMs={i * 60}>
                <PlayingCard card={c} height={h} fourColour={fourColour} />
              </DealtCard>
            </div>
          ))}
        </div>
      )}
      <div data-testid="pots" style={{ display: 'flex', gap: 8, color: '#fff', fontSize: compact ? 12 : 13, minHeight: 20 }}>
        {pots.map((p, i) => (
          <div key={i} data-testid={`pot-${i}`} title={i === 0 ? t('pot.main') : t('pot.side', { n: i })}>
            <ChipStack
              amount={p.amount}
              size={compact ? 14 : 18}
              label={pots.length > 1 ? `${i === 0 ? t('pot.main') : t('pot.side', { n: i })}: ${chips(p.amount)}` : chips(p.amount)}
            />
          </div>
        ))}
      </div>
      {banner && (
        <div
          className="mp-pop"
          data-testid="winner-banner"
          role="status"
          style={{
            background: 'rgba(255, 213, 79, .95)',
            color: '#111',
            padding: '2px 12px',
            borderRadius: 4,
            fontWeight: 700,
            fontSize: compact ? 12 : 14,
            textAlign: 'center',
            maxWidth: compact ? 220 : 360,
          }}
        >
          {banner}
        </div>
      )}
    </div>
  );
});
