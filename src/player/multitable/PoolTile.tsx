import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { keys, type List, type Pool } from '../api';
import { PoolBar } from '../pool/PoolBar';
import { usePoolTable } from '../pool/usePoolTable';
import { TablePage, type TableTile as TileLayout, type TableTurn } from '../table/TablePage';
import type { TableShell } from '../table/useTableShell';

export interface PoolTileProps {
  poolId: number;
  shell: TableShell;
  tile: TileLayout;
  onClose: () => void;
  onTurn: (turn: TableTurn) => void;
}

/**
 * A fast-fold pool as one tile of the multi-table view: the table the pool deals the player at
 * now (a whole table page, as any tile), followed to the next one at each POOL_SEATED, and the
 * pool's Fold and go and Leave over its top right. Closing the tile does not leave the pool.
 */
export function PoolTile({ poolId, shell, tile, onClose, onTurn }: PoolTileProps) {
  const { t } = useTranslation('table');
  const { seat, tableId, busy, foldAndGo, back, leave } = usePoolTable(poolId);
  const { data: pools } = useSWR<List<Pool>>(keys.pools);
  const name = pools?.items.find((p) => p.poolId === poolId)?.name ?? t('multi.pool', { id: poolId });
  // Between tables nothing waits for the player here (the last table's turn is over).
  useEffect(() => {
    if (tableId === null) onTurn({ tableId: 0, name, waiting: false, deadline: null });
  }, [tableId, name, onTurn]);
  const bar = <PoolBar waiting={tableId === null} busy={busy} onFoldAndGo={foldAndGo} onLeave={() => void leave(onClose)} />;
  if (tableId === null)
    return (
      <div
        role="region"
        aria-label={name}
        data-testid={`pool-tile-${poolId}`}
        style={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 12,
          padding: 12,
          background: '#123524',
          textAlign: 'center',
        }}
      >
        <strong>{name}</strong>
        {seat && !seat.inPool ? (
          <>
            <span data-testid="pool-waiting">{t('multi.poolLeft')}</span>
            <Button variant="outlined" color="inherit" size="small" onClick={onClose} data-testid="pool-tile-close">
              {t('toolbar.closeTable')}
            </Button>
          </>
        ) : seat?.away ? (
          // The clock folded them: no hand is dealt until they say they are back.
          <>
            <span data-testid="pool-away">{t('player:pool.away')}</span>
            <Button variant="contained" color="warning" size="small" onClick={() => void back()} disabled={busy} data-testid="pool-back">
              {t('player:pool.back')}
            </Button>
          </>
        ) : (
          <>
            <span data-testid="pool-waiting">{t('multi.poolWaiting')}</span>
            {bar}
          </>
        )}
      </div>
    );
  return (
    <div data-testid={`pool-tile-${poolId}`} data-pool-table={tableId} style={{ position: 'absolute', inset: 0 }}>
      <TablePage key={tableId} tableId={tableId} {...shell} onLobby={onClose} tile={tile} onTurn={onTurn} replayHandId={null} />
      {/* Under the table's own bar, over the felt's top right (the pool page places it the same way). */}
      <div style={{ position: 'absolute', top: 52, right: 8, zIndex: 3 }}>{bar}</div>
    </div>
  );
}
