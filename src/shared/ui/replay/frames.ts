import type { FrameSeat, ReplayAction, ReplayFrame, ReplayHand } from './model';

function collect(seats: FrameSeat[]): number {
  let sum = 0;
  for (const s of seats) {
    sum += s.bet;
    s.bet = 0;
  }
  return sum;
}

const startSeat = (p: ReplayHand['players'][number]): FrameSeat => ({
  seat: p.seat,
  name: p.name,
  stack: p.stack,
  bet: 0,
  cards: null,
  folded: false,
  allIn: false,
  won: 0,
  isBot: !!p.isBot,
  userId: p.userId,
});

/**
 * The table after each step: frame 0 is the hand before anything happened, frame i is after
 * action i-1. Pure and eager (a hand has at most a few dozen steps), so stepping back is free.
 */
export function replayFrames(hand: ReplayHand): ReplayFrame[] {
  let seats: FrameSeat[] = hand.players.map(startSeat);
  let board: string[] = [];
  let pot = 0;
  const frames: ReplayFrame[] = [{ seats, board, pot, actor: null, action: null, description: null }];

  for (const action of hand.actions) {
    seats = seats.map((s) => ({ ...s }));
    const at = 'seat' in action ? seats.find((s) => s.seat === action.seat) : undefined;
    let description: string | null = null;
    const put = (s: FrameSeat, to: number) => {
      const add = Math.max(0, Math.min(s.stack, to - s.bet));
      s.stack -= add;
      s.bet += add;
      if (s.stack === 0) s.allIn = true;
    };
    switch (action.type) {
      case 'post':
        if (at) put(at, at.bet + action.amount);
        break;
      case 'deal':
        if (at) at.cards = action.cards;
        break;
      case 'board':
        pot += collect(seats);
        board = [...board, ...action.cards];
        break;
      case 'fold':
        if (at) at.folded = true;
        break;
      case 'check':
        break;
      case 'call': {
        const top = Math.max(0, ...seats.map((s) => s.bet));
        if (at) put(at, top);
        break;
      }
      case 'bet':
      case 'raise':
        if (at) put(at, action.to);
        break;
      case 'show':
        if (at) at.cards = action.cards;
        description = action.description ?? null;
        break;
      case 'muck':
        if (at) at.folded = true;
        break;
      case 'return':
        if (at) {
          const fromBet = Math.min(at.bet, action.amount);
          at.bet -= fromBet;
          pot = Math.max(0, pot - (action.amount - fromBet));
          at.stack += action.amount;
        }
        break;
      case 'win': {
        // Bets still in front of players go to the middle first (uncalled bets come back as wins).
        pot += collect(seats);
        if (at) {
          at.stack += action.amount;
          at.won += action.amount;
        }
        pot = Math.max(0, pot - action.amount);
        description = action.description ?? null;
        break;
      }
    }
    frames.push({ seats, board, pot, actor: 'seat' in action ? action.seat : null, action, description });
  }
  return frames;
}

/** Total chips in the middle (collected pot plus current bets). */
export function framePot(frame: ReplayFrame): number {
  return frame.pot + frame.seats.reduce((a, s) => a + s.bet, 0);
}

export type { ReplayAction };
