import { useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import { PlayingCard } from './PlayingCard';
import { ChipStack } from './ChipStack';
import { replayFrames, framePot } from './replay/frames';
import type { ReplayHand } from './replay/model';
import { ENGLISH_REPLAYER_LABELS, type ReplayerLabels } from './replay/labels';
import { seatSpots } from './seatPositions';

export interface HandReplayerProps {
  hand: ReplayHand;
  fourColour?: boolean;
  labels?: ReplayerLabels;
  formatAmount?: (n: number) => string;
  /** Milliseconds between steps while playing. */
  playInterval?: number;
  /** Seat drawn at the bottom (the viewer's). */
  heroSeat?: number | null;
  /** Drawn beside a player's name (the player app's note and colour tag on an opponent). */
  nameAdornment?: (player: { seat: number; name: string; userId?: number }) => ReactNode;
}

/** Steps through one hand: forward, back, play. Shared by the player table and the admin session view. */
export function HandReplayer({
  hand,
  fourColour = false,
  labels = ENGLISH_REPLAYER_LABELS,
  formatAmount = String,
  playInterval = 900,
  heroSeat = null,
  nameAdornment,
}: HandReplayerProps) {
  const frames = useMemo(() => replayFrames(hand), [hand]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = frames.length - 1;

  useEffect(() => {
    setIndex(0);
    setPlaying(false);
  }, [hand]);

  useEffect(() => {
    if (!playing) return;
    if (index >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setIndex((i) => Math.min(last, i + 1)), playInterval);
    return () => clearTimeout(t);
  }, [playing, index, last, playInterval]);

  const frame = frames[index];
  const spots = useMemo(() => seatSpots(hand.seatCount, heroSeat, { rx: 40, ry: 36 }), [hand.seatCount, heroSeat]);
  const nameOf = (seat: number) => frame.seats.find((s) => s.seat === seat)?.name ?? `#${seat + 1}`;
  const caption =
    frame.action && 'seat' in frame.action
      ? labels.describe(frame.action, nameOf(frame.action.seat), formatAmount)
      : frame.action
        ? labels.describe(frame.action, '', formatAmount)
        : labels.handStart;

  const go = (i: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(last, i)));
  };

  return (
    <Box data-testid="hand-replayer" sx={{ display: 'flex', flexDirection: 'column', gap: 1, width: '100%' }}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 10',
          borderRadius: '50% / 45%',
          background: 'radial-gradient(ellipse at center, #2e7d4f 0%, #1b5e3a 70%, #12402a 100%)',
          border: '8px solid #3e2a1c',
          overflow: 'visible',
          my: 2,
        }}
      >
        <Box
          sx={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            transform: 'translate(-50%, -50%)',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 0.5,
          }}
        >
          <Box sx={{ display: 'flex', gap: 0.5 }} data-testid="replayer-board">
            {frame.board.map((c) => (
              <PlayingCard key={c} card={c} height={44} fourColour={fourColour} />
            ))}
          </Box>
          <Typography variant="caption" sx={{ color: '#fff', fontWeight: 700 }} data-testid="replayer-pot">
            {labels.pot}: {formatAmount(framePot(frame))}
          </Typography>
        </Box>
        {frame.seats.map((s) => {
          const spot = spots[s.seat] ?? spots[0];
          const active = frame.actor === s.seat;
          return (
            <Box
              key={s.seat}
              data-testid={`replayer-seat-${s.seat}`}
              sx={{
                position: 'absolute',
                left: `${spot.seat.x}%`,
                top: `${spot.seat.y}%`,
                transform: 'translate(-50%, -50%)',
                textAlign: 'center',
                opacity: s.folded ? 0.5 : 1,
              }}
            >
              <Box sx={{ display: 'flex', justifyContent: 'center', gap: '2px', minHeight: 30 }}>
                {s.cards
                  ? s.cards.map((c) => <PlayingCard key={c} card={c} height={30} fourColour={fourColour} />)
                  : !s.folded && (
                      <>
                        <PlayingCard height={30} />
                        <PlayingCard height={30} />
                      </>
                    )}
              </Box>
              <Box
                sx={{
                  px: 1,
                  borderRadius: 1,
                  bgcolor: active ? '#f9a825' : 'rgba(0,0,0,.7)',
                  color: active ? '#000' : '#fff',
                  fontSize: 12,
                  lineHeight: 1.3,
                  minWidth: 64,
                }}
              >
                <div style={{ fontWeight: 700, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 4 }}>
                  {nameAdornment?.(s)}
                  {s.name}
                </div>
                <div>{formatAmount(s.stack)}</div>
              </Box>
              {s.bet > 0 && (
                <Box sx={{ fontSize: 12, color: '#fff' }}>
                  <ChipStack amount={s.bet} label={formatAmount(s.bet)} size={12} />
                </Box>
              )}
              {s.won > 0 && <Box sx={{ fontSize: 12, color: '#ffd54f', fontWeight: 700 }}>+{formatAmount(s.won)}</Box>}
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center', minHeight: 24 }} data-testid="replayer-caption" aria-live="polite">
        {caption}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={labels.first}>
          <span>
            <IconButton aria-label={labels.first} onClick={() => go(0)} disabled={index === 0}>
              <FirstPageIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={labels.back}>
          <span>
            <IconButton aria-label={labels.back} onClick={() => go(index - 1)} disabled={index === 0}>
              <NavigateBeforeIcon />
            </IconButton>
          </span>
        </Tooltip>
        {playing ? (
          <IconButton aria-label={labels.pause} onClick={() => setPlaying(false)}>
            <PauseIcon />
          </IconButton>
        ) : (
          <IconButton
            aria-label={labels.play}
            onClick={() => {
              if (index >= last) setIndex(0);
              setPlaying(true);
            }}
          >
            <PlayArrowIcon />
          </IconButton>
        )}
        <Tooltip title={labels.forward}>
          <span>
            <IconButton aria-label={labels.forward} onClick={() => go(index + 1)} disabled={index >= last}>
              <NavigateNextIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={labels.last}>
          <span>
            <IconButton aria-label={labels.last} onClick={() => go(last)} disabled={index >= last}>
              <LastPageIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="caption" sx={{ ml: 1 }} data-testid="replayer-step">
          {labels.step(index, last)}
        </Typography>
      </Box>
    </Box>
  );
}
