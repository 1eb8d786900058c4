import { useCallback, useEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureTableStrings } from '../components/tableStrings';
import type { TableTurn } from '../table/TablePage';
import type { TableShell } from '../table/useTableShell';
import { AddTableDialog } from './AddTableDialog';
import { MultiTableBar } from './MultiTableBar';
import { TableTabs } from './TableTabs';
import { TableTileView } from './TableTile';
import { useTurnFocus } from './useTurnFocus';
import { addTable, gridOf, isWaiting, LAYOUT_KEY, orderTables, replaceTable, swipeTarget, type Layout, type TileId, type Turns } from './multiTable';
import { readStored, writeStored } from './storage';

/**
 * /tables: up to four tables in one window, each a whole table at a smaller size. Tiled side by
 * side or stacked (one in front, the one waiting for the player brought forward); on a phone one
 * at a time, swiped or picked from the tabs, a badge on those waiting for the player.
 */
export interface MultiTableViewProps {
  ids: readonly TileId[];
  set: (ids: TileId[]) => void;
  full: boolean;
  setFull: (full: boolean) => void;
  shell: TableShell;
  phone: boolean;
  onLobby: () => void;
}

export function MultiTableView({ ids, set, full, setFull, shell, phone, onLobby }: MultiTableViewProps) {
  const { t, i18n } = useTranslation('table');
  useState(() => ensureTableStrings(i18n));
  const [layout, setLayoutState] = useState<Layout>(() => (readStored(LAYOUT_KEY) === 'stacked' ? 'stacked' : 'tiled'));
  const setLayout = (l: Layout) => {
    writeStored(LAYOUT_KEY, l);
    setLayoutState(l);
  };
  const [turns, setTurns] = useState<Turns>({});
  const onTurn = useCallback((tile: TileId, turn: TableTurn) => setTurns((cur) => ({ ...cur, [tile]: turn })), []);
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState<TileId | null>(null);

  // Tiled and stacked order by turn; a phone keeps the order the player opened them in (tables
  // moving under a thumb about to tap would be a mis-tap with money on it).
  const ordered = useMemo(() => (phone ? [...ids] : orderTables(ids, turns)), [phone, ids, turns]);
  const waitingKey = ordered.filter((id) => isWaiting(turns, id)).join(',');
  // Stacked: a turn coming brings its table forward, over the player's own pick.
  useEffect(() => {
    if (!phone) setPicked(null);
  }, [waitingKey, phone]);
  const stackedFront = picked !== null && ids.includes(picked) ? picked : (ordered[0] ?? null);
  const shown = phone ? (picked !== null && ids.includes(picked) ? picked : (ids[0] ?? null)) : layout === 'stacked' ? stackedFront : null;
  useTurnFocus(ordered, turns);

  const close = useCallback((id: TileId) => set(ids.filter((x) => x !== id)), [ids, set]);
  const moved = useCallback((from: TileId, to: number) => set(replaceTable(ids, from, to)), [ids, set]);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => (touch.current = { x: e.touches[0].clientX, y: e.touches[0].clientY });
  const onTouchEnd = (e: TouchEvent) => {
    const from = touch.current;
    touch.current = null;
    if (!from || shown === null) return;
    const end = e.changedTouches[0];
    setPicked(swipeTarget(ids, shown, end.clientX - from.x, end.clientY - from.y));
  };

  const grid = gridOf(ids.length);
  const tiled = !phone && layout === 'tiled';
  return (
    <div
      data-testid="multi-table"
      style={{ position: 'fixed', inset: 0, zIndex: 1200, display: 'flex', flexDirection: 'column', background: '#0b1611', color: '#fff' }}
    >
      <MultiTableBar
        count={ids.length}
        layout={layout}
        phone={phone}
        full={full}
        onLobby={onLobby}
        onLayout={setLayout}
        onAdd={() => setAdding(true)}
        onDismissFull={() => setFull(false)}
      />
      {!tiled && ids.length > 0 && <TableTabs ids={phone ? ids : ordered} shown={shown} turns={turns} onPick={setPicked} />}
      {ids.length === 0 ? (
        <p style={{ margin: 'auto', padding: 16, textAlign: 'center' }}>{t('multi.empty')}</p>
      ) : (
        <div
          onTouchStart={phone ? onTouchStart : undefined}
          onTouchEnd={phone ? onTouchEnd : undefined}
          style={{
            flex: 1,
            minHeight: 0,
            display: 'grid',
            gap: tiled ? 4 : 0,
            gridTemplateColumns: tiled ? `repeat(${grid.columns}, minmax(0, 1fr))` : 'minmax(0, 1fr)',
            gridTemplateRows: tiled ? `repeat(${grid.rows}, minmax(0, 1fr))` : 'minmax(0, 1fr)',
          }}
        >
          {ordered.map((id, i) => (
            <TableTileView
              key={id}
              tileId={id}
              shell={shell}
              waiting={isWaiting(turns, id)}
              hidden={!tiled && id !== shown}
              music={i === 0}
              onClose={close}
              onMoved={moved}
              onTurn={onTurn}
            />
          ))}
        </div>
      )}
      <AddTableDialog
        open={adding}
        openIds={ids}
        onClose={() => setAdding(false)}
        onPick={(id) => {
          setAdding(false);
          const next = addTable(ids, id);
          if (next) set(next);
          else setFull(true);
        }}
      />
    </div>
  );
}
