import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { isWaiting, poolOf, type TileId, type Turns } from './multiTable';

function SecondsLeft({ deadline }: { deadline: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  if (deadline === null) return null;
  return <> {Math.max(0, Math.ceil((deadline - now) / 1000))}s</>;
}

/**
 * The open tables as tabs (a phone, or stacked tables): each one's name and, while the player
 * must act there, a badge with the seconds left. Picking a tab shows that table.
 */
export function TableTabs({ ids, shown, turns, onPick }: { ids: readonly TileId[]; shown: TileId | null; turns: Turns; onPick: (id: TileId) => void }) {
  const { t } = useTranslation('table');
  return (
    <Box role="tablist" aria-label={t('multi.tabs')} sx={{ display: 'flex', gap: 0.5, px: 0.5, py: 0.5, overflowX: 'auto', bgcolor: 'rgba(0,0,0,.4)' }}>
      {ids.map((id) => {
        const turn = turns[id];
        const waiting = isWaiting(turns, id);
        const selected = id === shown;
        return (
          <ButtonBase
            key={id}
            role="tab"
            aria-selected={selected}
            data-testid={`table-tab-${id}`}
            data-waiting={waiting ? 'true' : 'false'}
            onClick={() => onPick(id)}
            sx={{
              flex: '1 1 0',
              minWidth: 0,
              minHeight: 44,
              px: 1,
              borderRadius: 1,
              color: '#fff',
              gap: 0.75,
              bgcolor: selected ? 'rgba(255,255,255,.16)' : 'transparent',
              borderBottom: selected ? '2px solid #ffd54f' : '2px solid transparent',
            }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 13, fontWeight: 600 }}>
              {turn?.name || (typeof id === 'number' ? t('multi.table', { id }) : t('multi.pool', { id: poolOf(id) }))}
            </Box>
            {waiting && (
              <Box
                component="span"
                data-testid={`table-badge-${id}`}
                sx={{ flexShrink: 0, px: 0.75, borderRadius: 5, bgcolor: '#ffd54f', color: '#1d1400', fontSize: 12, fontWeight: 800, whiteSpace: 'nowrap' }}
              >
                {t('multi.yourTurn')}
                <SecondsLeft deadline={turn?.deadline ?? null} />
              </Box>
            )}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
