import { memo, useEffect, useRef, type CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import Button from '@mui/material/Button';
import type { SeatView } from '../../../shared/protocol/table-view';
import { PlayingCard } from '../../../shared/ui/PlayingCard';
import { ChipStack } from '../../../shared/ui/ChipStack';
import type { SeatSpot } from '../../../shared/ui/seatPositions';
import { useSetting } from '../../../shared/settings/useSettings';
import { useRenderProbe } from '../hooks/useRenderProbe';
import type { SeatResult } from '../hooks/useShowdown';
import { Avatar } from '../../components/Avatar';
import { SeatNote } from '../../notes/SeatNote';
import { DealtCard } from './DealtCard';
import { TimerRing } from './TimerRing';

export interface SeatProps {
  index: number;
  seat: SeatView | null;
  spot: SeatSpot;
  isButton: boolean;
  isActing: boolean;
  /** Only for the acting seat (null otherwise, so other seats keep equal props). */
  actionDeadline: number | null;
  timeBankDeadline: number | null;
  actionTimeMs: number;
  isMe: boolean;
  /** Spectator and the seat is free: offer "Sit here". */
  canSit: boolean;
  compact: boolean;
  result: SeatResult | undefined;
  onSit: (index: number) => void;
  now: () => number;
  /** Translations and chip formatting come from the felt: one hook for nine seats. */
  t: TFunction<'table'>;
  chips: (n: number) => string;
}

// Plain inline styles, not sx: seats re-render on every change of their seat, and skipping the
// CSS-in-JS pass keeps an event well inside a frame.
const centred = (x: number, y: number, z: number): CSSProperties => ({
  position: 'absolute',
  left: `${x}%`,
  top: `${y}%`,
  transform: 'translate(-50%, -50%)',
  zIndex: z,
});
const badge: CSSProperties = {
  position: 'absolute',
  left: -8,
  top: -6,
  padding: '0 4px',
  borderRadius: 4,
  fontSize: 12,
  fontWeight: 800,
  background: '#546e7a',
  color: '#fff',
  letterSpacing: 0.5,
};
const offline: CSSProperties = {
  position: 'absolute',
  right: -6,
  top: -4,
  width: 18,
  height: 18,
  borderRadius: '50%',
  background: '#222',
  color: '#ff8a80',
  fontSize: 11,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
};

/** One seat. Memoised on its props: a table event re-renders only the seats it changed. */
export const Seat = memo(function Seat(p: SeatProps) {
  useRenderProbe('Seat', p.index);
  const fourColour = useSetting('fourColor');
  const { seat, spot, compact, t, chips } = p;
  const avatar = compact ? 38 : 54;
  const width = compact ? 78 : 118;
  const shownBacks = useRef(false);
  const backsNow = !!seat && !seat.cards && !!seat.hasCards && seat.state !== 'FOLDED';
  useEffect(() => {
    shownBacks.current = backsNow;
  });

  if (!seat) {
    return (
      <div data-testid={`seat-${p.index}`} data-empty="true" style={centred(spot.seat.x, spot.seat.y, 2)}>
        {p.canSit ? (
          <Button
            size="small"
            variant="contained"
            color="secondary"
            data-testid={`sit-${p.index}`}
            onClick={() => p.onSit(p.index)}
            sx={{ borderRadius: 99, minWidth: 0, px: compact ? 1 : 2, fontSize: compact ? 12 : 13, whiteSpace: 'nowrap', boxShadow: 3 }}
          >
            {t('seat.sitHere')}
          </Button>
        ) : (
          <div
            role="img"
            aria-label={t('seat.empty')}
            style={{ width: avatar, height: avatar, borderRadius: '50%', border: '2px dashed rgba(255,255,255,.25)' }}
          />
        )}
      </div>
    );
  }

  const folded = seat.state === 'FOLDED';
  const sittingOut = seat.state === 'SITTING_OUT';
  const cardH = p.isMe ? (compact ? 58 : 78) : compact ? 34 : 46;
  const won = p.result?.won;
  const best = p.result?.best;
  // Until the five are known (or when they cannot be), a winner's cards all glow.
  const inBest = (c: string) => !!won && (best ? best.includes(c) : true);
  const status = seat.state === 'ALL_IN' ? t('seat.allIn') : sittingOut ? t('seat.sittingOut') : null;
  const cards = seat.cards;
  // Face-down cards seen last render, face up now: a showdown, so they flip (DealtCard decides
  // once, when it mounts). Cards arrive from the middle of the table.
  const revealing = !!cards && shownBacks.current;
  const pull = compact ? 3 : 5;
  const from = { x: (50 - spot.seat.x) * pull, y: (50 - spot.seat.y) * pull };

  return (
    <>
      <div
        data-testid={`seat-${p.index}`}
        data-seat-state={seat.state}
        data-acting={p.isActing || undefined}
        style={{
          ...centred(spot.seat.x, spot.seat.y, p.isMe ? 4 : 3),
          width,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          // Greyed rather than faded: transparency would take the initials and the name below 4.5:1.
          filter: sittingOut || !seat.connected ? 'grayscale(0.85)' : undefined,
        }}
      >
        <div
          data-testid={`seat-cards-${p.index}`}
          style={{ display: 'flex', justifyContent: 'center', marginBottom: -10, minHeight: cardH * 0.6, position: 'relative', zIndex: 1 }}
        >
          {cards
            ? cards.map((c, i) => (
                <div
                  key={c}
                  data-best={inBest(c) || undefined}
                  style={{
                    // Omaha's 4 to 6 cards fan tighter but keep each corner index in sight (375 px phones).
                    marginLeft: i ? (cards.length > 2 ? -Math.round(cardH * (cards.length > 4 ? 0.36 : 0.3)) : -8) : 0,
                    // A card of the winning five is raised.
                    transform: `rotate(${(i - (cards.length - 1) / 2) * (cards.length > 4 ? 3 : 5)}deg)${inBest(c) ? ' translateY(-8px)' : ''}`,
                    transition: 'transform .2s',
                  }}
                >
                  <DealtCard entry={revealing ? 'flip' : 'deal'} from={from} delayMs={revealing ? i * 60 : i * 90}>
                    <PlayingCard card={c} height={cardH} fourColour={fourColour} dimmed={folded} highlighted={inBest(c)} />
                  </DealtCard>
                </div>
              ))
            : seat.hasCards &&
              !folded && (
                <div style={{ display: 'flex' }} role="img" aria-label={t('seat.hiddenCards')}>
                  {[0, 1].map((i) => (
                    <div key={i} style={{ marginLeft: i ? -14 : 0, transform: `rotate(${i ? 6 : -6}deg)` }}>
                      <DealtCard entry="deal" from={from} delayMs={i * 90}>
                        <PlayingCard height={cardH * 0.85} />
                      </DealtCard>
                    </div>
                  ))}
                </div>
              )}
        </div>
        <div style={{ position: 'relative', width: avatar, height: avatar, zIndex: 2 }} className={won ? 'mp-winner' : undefined}>
          <Avatar name={seat.username} size={avatar} avatar={seat.avatar} />
          {p.isActing && (
            <TimerRing actionDeadline={p.actionDeadline} timeBankDeadline={p.timeBankDeadline} actionTimeMs={p.actionTimeMs} now={p.now} size={avatar} />
          )}
          {!seat.connected && (
            <span style={offline} role="img" aria-label={t('seat.disconnected')}>
              ⚡
            </span>
          )}
          {seat.isBot && <span style={badge}>{t('seat.bot')}</span>}
          {p.isButton && (
            <div
              role="img"
              aria-label={t('seat.dealer')}
              data-testid="dealer-button"
              style={{
                // Beside the avatar, on the side facing the middle: between the cards above and the
                // name plate below, so it is always in sight and covers neither.
                position: 'absolute',
                top: '50%',
                transform: 'translateY(-50%)',
                ...(spot.seat.x > 50 ? { right: 'calc(100% + 3px)' } : { left: 'calc(100% + 3px)' }),
                width: compact ? 18 : 24,
                height: compact ? 18 : 24,
                borderRadius: '50%',
                background: '#fff',
                color: '#111',
                fontWeight: 900,
                fontSize: compact ? 12 : 13,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                boxShadow: '0 2px 4px rgba(0,0,0,.5)',
                zIndex: 3,
              }}
            >
              D
            </div>
          )}
        </div>
        <div
          data-testid={`seat-plate-${p.index}`}
          style={{
            marginTop: -6,
            width: '100%',
            boxSizing: 'border-box',
            borderRadius: 6,
            padding: '2px 4px',
            textAlign: 'center',
            lineHeight: 1.2,
            background: p.isActing ? 'rgba(255, 213, 79, .95)' : 'rgba(15, 20, 25, .85)',
            color: p.isActing ? '#111' : '#fff',
            border: p.isMe ? '1px solid #ffd54f' : '1px solid rgba(255,255,255,.15)',
            boxShadow: '0 2px 4px rgba(0,0,0,.4)',
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 3, minWidth: 0 }}>
            {/* The player's own note and colour tag on this opponent (notes/). */}
            {!p.isMe && !seat.isBot && <SeatNote userId={seat.userId} username={seat.username} size={compact ? 16 : 18} />}
            <div style={{ fontSize: 13, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
              {seat.username}
            </div>
          </div>
          <div style={{ fontSize: compact ? 13 : 14, fontWeight: 800 }} data-testid={`seat-stack-${p.index}`}>
            {status ?? chips(seat.stack)}
          </div>
        </div>
        {(seat.leaving || seat.missedBlind) && (
          <div style={{ fontSize: 12, color: '#ffe082', marginTop: 2, maxWidth: width, textAlign: 'center', lineHeight: 1.15 }}>
            {seat.leaving ? t('seat.leaving') : t('seat.missedBlind')}
          </div>
        )}
        {won !== undefined && won > 0 && (
          <div
            className="mp-pop"
            data-testid={`seat-won-${p.index}`}
            style={{ marginTop: 2, padding: '0 8px', borderRadius: 4, background: '#ffd54f', color: '#111', fontWeight: 800, fontSize: compact ? 12 : 13 }}
          >
            +{chips(won)}
          </div>
        )}
        {p.result?.description && (
          <div style={{ fontSize: 12, color: '#fff', textShadow: '0 1px 2px #000', textAlign: 'center', maxWidth: width + 30 }}>{p.result.description}</div>
        )}
      </div>
      {seat.bet > 0 && (
        <div
          data-testid={`seat-bet-${p.index}`}
          className="mp-bet"
          style={{ ...centred(spot.bet.x, spot.bet.y, 2), color: '#fff', fontSize: compact ? 12 : 13, textShadow: '0 1px 2px #000' }}
        >
          <ChipStack amount={seat.bet} label={chips(seat.bet)} size={compact ? 14 : 18} maxColumns={compact ? 1 : undefined} />
        </div>
      )}
    </>
  );
});
