import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ReplayerLabels } from '../../shared/ui/replay/labels';
import { localizeHandName } from '../../shared/format/handName';

const K = 'resources.session.replay.';

/** The shared replayer's words in the admin's language. */
export function useReplayerLabels(): ReplayerLabels {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo<ReplayerLabels>(
    () => ({
      first: translate(`${K}first`),
      back: translate(`${K}back`),
      play: translate(`${K}play`),
      pause: translate(`${K}pause`),
      forward: translate(`${K}forward`),
      last: translate(`${K}last`),
      pot: translate(`${K}pot`),
      handStart: translate(`${K}handStart`),
      step: (i, n) => translate(`${K}step`, { i, n }),
      describe: (a, name, amount) => {
        switch (a.type) {
          case 'post':
            return translate(`${K}a.post`, { name, amount: amount(a.amount) });
          case 'deal':
            return a.cards ? translate(`${K}a.dealtCards`, { name, cards: a.cards.join(' ') }) : translate(`${K}a.dealt`, { name });
          case 'board':
            return a.cards.length ? translate(`${K}a.board`, { cards: a.cards.join(' ') }) : translate(`${K}a.antes`);
          case 'fold':
            return translate(`${K}a.fold`, { name });
          case 'check':
            return translate(`${K}a.check`, { name });
          case 'call':
            return translate(`${K}a.call`, { name });
          case 'bet':
            return translate(`${K}a.bet`, { name, amount: amount(a.to) });
          case 'raise':
            return translate(`${K}a.raise`, { name, amount: amount(a.to) });
          case 'show':
            return translate(`${K}a.show`, { name, cards: a.cards.join(' ') }) + (a.description ? ` (${localizeHandName(a.description, translate)})` : '');
          case 'muck':
            return translate(`${K}a.muck`, { name });
          case 'return':
            return translate(`${K}a.return`, { name, amount: amount(a.amount) });
          case 'win':
            return translate(`${K}a.win`, { name, amount: amount(a.amount) }) + (a.description ? ` (${localizeHandName(a.description, translate)})` : '');
        }
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- translate keeps its identity when the locale changes
    [translate, locale],
  );
}
