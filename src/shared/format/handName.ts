// Hand names in the reader's language. The server and the PHH replays word hands in English
// (describeHand); the apps read that back into category + ranks and word it from locales/*/common.json.
import { parseHandDescription } from '../../poker/eval/describe';

const RANK_KEYS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Full house, tens over fours" in the language of `t` (common namespace); other text unchanged. */
export function localizeHandName(description: string, t: Translate): string {
  const parts = parseHandDescription(description);
  if (!parts) return description;
  const { category, ranks } = parts;
  if (category === 'straight-flush' && ranks[0] === RANK_KEYS.length - 1) return t('common:hand.royal-flush');
  const params: Record<string, string> = {};
  ranks.forEach((r, i) => {
    params[`one${i}`] = t(`common:hand.rankOne.${RANK_KEYS[r]}`);
    params[`many${i}`] = t(`common:hand.rankMany.${RANK_KEYS[r]}`);
  });
  return t(`common:hand.${category}`, { ...params, interpolation: { escapeValue: false } });
}
