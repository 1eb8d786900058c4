import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplayerLabels } from '../../../shared/ui/replay/labels';
import { localizeHandName } from '../../../shared/format/handName';

/** The shared replayer's words in the player's language. */
export function useReplayerLabels(): ReplayerLabels {
  const { t, i18n } = useTranslation('table');
  return useMemo<ReplayerLabels>(
    () => ({
      first: t('replay.first'),
      back: t('replay.back'),
      play: t('replay.play'),
      pause: t('replay.pause'),
      forward: t('replay.forward'),
      last: t('replay.last'),
      pot: t('replay.pot'),
      handStart: t('replay.handStart'),
      step: (i, n) => t('replay.step', { i, n }),
      describe: (a, name, amount) => {
        switch (a.type) {
          case 'post':
            return t('replay.a.post', { name, amount: amount(a.amount) });
          case 'deal':
            return a.cards ? t('replay.a.dealtCards', { name, cards: a.cards.join(' ') }) : t('replay.a.dealt', { name });
          case 'board':
            return a.cards.length ? t('replay.a.board', { cards: a.cards.join(' ') }) : t('replay.a.antes');
          case 'fold':
            return t('replay.a.fold', { name });
          case 'check':
            return t('replay.a.check', { name });
          case 'call':
            return t('replay.a.call', { name });
          case 'bet':
            return t('replay.a.bet', { name, amount: amount(a.to) });
          case 'raise':
            return t('replay.a.raise', { name, amount: amount(a.to) });
          case 'show':
            return t('replay.a.show', { name, cards: a.cards.join(' '), description: a.description ? localizeHandName(a.description, t) : '' });
          case 'muck':
            return t('replay.a.muck', { name });
          case 'return':
            return t('replay.a.return', { name, amount: amount(a.amount) });
          case 'win':
            return a.description
              ? t('replay.a.winWith', { name, amount: amount(a.amount), description: localizeHandName(a.description, t) })
              : t('replay.a.win', { name, amount: amount(a.amount) });
        }
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t keeps its identity when the language changes
    [t, i18n.language],
  );
}
