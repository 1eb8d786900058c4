import { memo, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { TablePage, type TableTile as TileLayout, type TableTurn } from '../table/TablePage';
import type { TableShell } from '../table/useTableShell';
import { poolOf, tileLayout, type TileId } from './multiTable';
import { PoolTile } from './PoolTile';

export interface TableTileProps {
  /** A table, or a pool (whose table changes as the pool moves the player). */
  tileId: TileId;
  shell: TableShell;
  waiting: boolean;
  /** Laid out but not shown (stacked behind, or another table on a phone): its feed and timers run on. */
  hidden: boolean;
  music: boolean;
  onClose: (tileId: TileId) => void;
  onMoved: (from: TileId, to: number) => void;
  onTurn: (tileId: TileId, turn: TableTurn) => void;
}

/** One table of the multi-table view: a whole table page, laid out for the tile's own size. */
export const TableTileView = memo(function TableTileView({ tileId, shell, waiting, hidden, music, onClose, onMoved, onTurn }: TableTileProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 640, height: 480 });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setSize({ width, height });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const { compact, portrait } = tileLayout(size.width, size.height);
  const [tile, setTile] = useState<TileLayout>({ compact, portrait, music });
  if (tile.compact !== compact || tile.portrait !== portrait || tile.music !== music) setTile({ compact, portrait, music });
  const close = useCallback(() => onClose(tileId), [onClose, tileId]);
  const moved = useCallback((to: number) => onMoved(tileId, to), [onMoved, tileId]);
  const turn = useCallback((t: TableTurn) => onTurn(tileId, t), [onTurn, tileId]);
  const style: CSSProperties = {
    position: 'relative',
    minWidth: 0,
    minHeight: 0,
    display: hidden ? 'none' : 'block',
  };
  return (
    <div ref={ref} style={style} data-testid={`tile-${tileId}`} data-tile={tileId} data-waiting={waiting ? 'true' : 'false'}>
      {typeof tileId === 'number' ? (
        <TablePage tableId={tileId} {...shell} onLobby={close} onMoved={moved} tile={tile} onTurn={turn} />
      ) : (
        <PoolTile poolId={poolOf(tileId)!} shell={shell} tile={tile} onClose={close} onTurn={turn} />
      )}
      {/* The table where the player must act stands out, in the timer ring's gold. */}
      {waiting && <div aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none', boxShadow: 'inset 0 0 0 4px #ffd54f', zIndex: 2 }} />}
    </div>
  );
});
