import { useMemo } from 'react';
import type { ReplayerLabels } from './replay/labels';
import { localizeHandName } from '../format/handName';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The replayer's words from an app's translations: `t(prefix + key)` (the player's table.json
 * `replay.`, the back office's `resources.session.replay.`). Both apps' translate functions keep
 * their identity when the language changes, so `language` is what makes the words anew.
 */
export function useReplayerLabels(t: Translate, prefix: string, language: string): ReplayerLabels {
  return useMemo<ReplayerLabels>(
    () => {
      const w = (key: string, options?: Record<string, unknown>) => t(prefix + key, options);
      const hand = (description: string) => localizeHandName(description, t);
      return {
        first: w('first'),
        back: w('back'),
        play: w('play'),
        pause: w('pause'),
        forward: w('forward'),
        last: w('last'),
        pot: w('pot'),
        handStart: w('handStart'),
        step: (i, n) => w('step', { i, n }),
        describe: (a, name, amount) => {
          switch (a.type) {
            case 'post':
              return w('a.post', { name, amount: amount(a.amount) });
            case 'deal':
              return a.cards ? w('a.dealtCards', { name, cards: a.cards.join(' ') }) : w('a.dealt', { name });
            case 'board':
              return a.cards.length ? w('a.board', { cards: a.cards.join(' ') }) : w('a.antes');
            case 'fold':
              return w('a.fold', { name });
            case 'check':
              return w('a.check', { name });
            case 'call':
              return w('a.call', { name });
            case 'bet':
              return w('a.bet', { name, amount: amount(a.to) });
            case 'raise':
              return w('a.raise', { name, amount: amount(a.to) });
            case 'show':
              return a.description
                ? w('a.showWith', { name, cards: a.cards.join(' '), description: hand(a.description) })
                : w('a.show', { name, cards: a.cards.join(' ') });
            case 'muck':
              return w('a.muck', { name });
            case 'return':
              return w('a.return', { name, amount: amount(a.amount) });
            case 'win':
              return a.description
                ? w('a.winWith', { name, amount: amount(a.amount), description: hand(a.description) })
                : w('a.win', { name, amount: amount(a.amount) });
          }
        },
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t keeps its identity when the language changes
    [t, prefix, language],
  );
}
