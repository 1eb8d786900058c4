// Pre-actions: choices made before the turn arrives, acted on the moment it does.
// Conventions of the big sites: "Check" and "Call X" are cancelled when the price changes
// (a bet or raise arrives); "Check/Fold", "Fold to any bet" and "Call any" cover any price and
// stay armed until the street ends. Everything clears at a new street or hand.
import type { GameCommand } from '../../../shared/socket/messages';
import type { LegalView } from '../../../shared/protocol/table-view';

export type PreActionKind = 'checkFold' | 'check' | 'call' | 'callAny' | 'foldToBet';

export interface PreAction {
  kind: PreActionKind;
  /** The amount to call when it was chosen (for 'call' and 'check'). */
  price: number;
  /** Hand and street it belongs to. */
  key: string;
}

/** The choices offered while waiting, by the current price. */
export function preActionChoices(price: number): PreActionKind[] {
  return price > 0 ? ['checkFold', 'call', 'callAny', 'foldToBet'] : ['checkFold', 'check', 'callAny', 'foldToBet'];
}

/** Whether a chosen pre-action survives the latest state. */
export function keepPreAction(pre: PreAction | null, key: string, price: number): PreAction | null {
  if (!pre) return null;
  if (pre.key !== key) return null;
  if ((pre.kind === 'call' || pre.kind === 'check') && pre.price !== price) return null;
  return pre;
}

/** What to send when the turn arrives with `legal`; null = leave the decision to the player. */
export function resolvePreAction(pre: PreAction, legal: LegalView, tableId: number): GameCommand | null {
  const t = { type: 'GAME' as const, tableId };
  switch (pre.kind) {
    case 'checkFold':
      return legal.canCheck ? { ...t, action: 'CHECK' } : { ...t, action: 'FOLD' };
    case 'check':
      return legal.canCheck ? { ...t, action: 'CHECK' } : null;
    case 'call':
      if (legal.canCheck) return { ...t, action: 'CHECK' };
      return legal.callAmount === pre.price ? { ...t, action: 'CALL' } : null;
    case 'callAny':
      return legal.canCheck ? { ...t, action: 'CHECK' } : { ...t, action: 'CALL' };
    case 'foldToBet':
      return legal.canCheck ? null : { ...t, action: 'FOLD' };
  }
}
