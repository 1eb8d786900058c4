import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableView } from '../../../shared/protocol/table-view';
import type { GameCommand } from '../../../shared/socket/messages';
import { keepPreAction, resolvePreAction, type PreAction, type PreActionKind } from '../logic/preActions';

export interface PreActionState {
  /** Offered only while in the hand and waiting for the turn. */
  available: boolean;
  price: number;
  selected: PreAction | null;
  select: (kind: PreActionKind | null) => void;
}

/** What the viewer would have to call now, capped by the stack. */
export function priceFor(view: TableView): number {
  const me = view.mySeat !== null ? view.seats[view.mySeat] : null;
  if (!me) return 0;
  const top = Math.max(0, ...view.seats.map((s) => s?.bet ?? 0));
  return Math.min(me.stack, Math.max(0, top - me.bet));
}

export function usePreActions(view: TableView | null, act: (cmd: GameCommand) => unknown): PreActionState {
  const [selected, setSelected] = useState<PreAction | null>(null);
  const hand = view?.hand ?? null;
  const me = view && view.mySeat !== null ? view.seats[view.mySeat] : null;
  const key = hand ? `${hand.handId}:${hand.street}` : '';
  const price = view ? priceFor(view) : 0;
  const myTurn = !!hand && hand.toAct === view?.mySeat && !!hand.legal;
  const available = !!hand && !!me && me.state === 'PLAYING' && me.hasCards && !myTurn && hand.street !== 'SHOWDOWN';

  // A raise, a new street or a new hand may cancel the choice.
  const kept = keepPreAction(selected, key, price);
  useEffect(() => {
    if (kept !== selected) setSelected(kept);
  }, [kept, selected]);

  // The turn arrives: act on the choice at once (once).
  const actRef = useRef(act);
  actRef.current = act;
  useEffect(() => {
    if (!myTurn || !selected || !hand?.legal || !view) return;
    const cmd = resolvePreAction(selected, hand.legal, view.tableId);
    setSelected(null);
    if (cmd) actRef.current(cmd);
  }, [myTurn, selected, hand?.legal, view]);

  const select = useCallback(
    (kind: PreActionKind | null) => {
      setSelected(kind ? { kind, price, key } : null);
    },
    [price, key],
  );

  return useMemo(() => ({ available, price, selected: kept, select }), [available, price, kept, select]);
}
