import { useEffect, useLayoutEffect, useRef } from 'react';
import { FOCUS_MOVED_AT, TABLE_ROOT } from '../table/logic/shortcuts';
import { focusTarget, parseTableIds, type TileId, type Turns } from './multiTable';

/** A tile's table root (a pool's tile holds the table it is dealt at now). */
const rootOf = (id: TileId) => document.querySelector<HTMLElement>(`[data-tile="${id}"] [${TABLE_ROOT}]`);

/**
 * Focus in the multi-table view. Tiles move when their order changes (the table waiting for the
 * player comes first, in the page and in the keyboard order); a moved element loses the focus, so
 * it is given back. When the turns change, focus goes to the first table waiting for the player if
 * nothing has it or the focused table is not waiting (focusTarget): the table is marked, so a key
 * pressed in the same instant is not read there (logic/shortcuts.ts).
 */
export function useTurnFocus(ordered: readonly TileId[], turns: Turns): void {
  const before = useRef<Element | null>(null);
  // Read during render, before React moves the tiles.
  if (typeof document !== 'undefined') before.current = document.activeElement;
  const orderKey = ordered.join(',');
  useLayoutEffect(() => {
    const el = before.current as HTMLElement | null;
    if (el && el !== document.body && el.isConnected && document.activeElement !== el) el.focus({ preventScroll: true });
  }, [orderKey]);

  const waitingKey = ordered.filter((id) => turns[id]?.waiting).join(',');
  useEffect(() => {
    const active = document.activeElement;
    const nothing = !active || active === document.body || active === document.documentElement;
    const root = !nothing && active ? active.closest(`[${TABLE_ROOT}]`) : null;
    const table = root ? (parseTableIds(root.closest('[data-tile]')?.getAttribute('data-tile'))[0] ?? null) : null;
    const to = focusTarget(ordered, turns, { table, onRoot: !!root && root === active, nothing });
    const target = to === null ? null : rootOf(to);
    if (!target) return;
    target.setAttribute(FOCUS_MOVED_AT, String(Date.now()));
    target.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when who waits changes
  }, [waitingKey]);
}
