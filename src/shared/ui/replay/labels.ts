import type { ReplayAction } from './model';

/** Words the replayer shows; the apps pass their translations, English by default. */
export interface ReplayerLabels {
  first: string;
  back: string;
  play: string;
  pause: string;
  forward: string;
  last: string;
  pot: string;
  handStart: string;
  step: (index: number, total: number) => string;
  describe: (action: ReplayAction, name: string, amount: (n: number) => string) => string;
}

export const ENGLISH_REPLAYER_LABELS: ReplayerLabels = {
  first: 'First',
  back: 'Back',
  play: 'Play',
  pause: 'Pause',
  forward: 'Forward',
  last: 'Last',
  pot: 'Pot',
  handStart: 'Hand start',
  step: (i, n) => `${i} / ${n}`,
  describe: (a, name, amount) => {
    switch (a.type) {
      case 'post':
        return `${name} posts ${amount(a.amount)}`;
      case 'deal':
        return `${name} is dealt ${a.cards ? a.cards.join(' ') : 'cards'}`;
      case 'board':
        return a.cards.length ? `Board: ${a.cards.join(' ')}` : 'Antes collected';
      case 'fold':
        return `${name} folds`;
      case 'check':
        return `${name} checks`;
      case 'call':
        return `${name} calls`;
      case 'bet':
        return `${name} bets ${amount(a.to)}`;
      case 'raise':
        return `${name} raises to ${amount(a.to)}`;
      case 'show':
        return `${name} shows ${a.cards.join(' ')}${a.description ? ` (${a.description})` : ''}`;
      case 'muck':
        return `${name} mucks`;
      case 'return':
        return `${amount(a.amount)} returned to ${name}`;
      case 'win':
        return `${name} wins ${amount(a.amount)}${a.description ? ` with ${a.description}` : ''}`;
    }
  },
};
