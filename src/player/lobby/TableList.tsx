import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Chip, IconButton, Stack, TableCell, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import GridViewIcon from '@mui/icons-material/GridView';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type List, type Table as PokerTable } from '../api';
import { useFormat } from '../hooks/useLang';
import { useSocket, useSocketMessage } from '../socket/SocketContext';
import { FilterSelect } from './FilterSelect';
import { ALL_GAMES, GameFilters, matchesGame, useOptionsText, type GameFilter } from './GameFilters';
import { CardFooter, LoadingRows, LobbyCard, LobbyTable } from './LobbyList';
import { VARIANTS, type Variant } from '../../shared/api/game-lists';

/**
 * The table list's polling. Player counts arrive live as GAME/LOBBY_UPDATE on the socket; polling
 * stays as a fallback: slowly while the socket is open, faster without one (guests, reconnecting).
 */
export const TABLES_REFRESH_LIVE_MS = 30_000;
export const TABLES_REFRESH_MS = 10_000;

type LobbyUpdate = { tableId: number; players: number };

/** The table list with one table's seated count replaced (the same object when nothing changes). */
export function applyLobbyUpdate(list: List<PokerTable> | undefined, u: LobbyUpdate): List<PokerTable> | undefined {
  if (!list) return list;
  let changed = false;
  const items = list.items.map((tb) => {
    if (tb.tableId !== u.tableId || tb.players === u.players) return tb;
    changed = true;
    return { ...tb, players: u.players };
  });
  return changed ? { ...list, items } : list;
}

/** Applies LOBBY_UPDATE to the cached list; an unknown table (just created) refetches the list. */
function useLobbyUpdates(): boolean {
  const { status } = useSocket();
  const { mutate } = useSWRConfig();
  useSocketMessage('GAME', (m) => {
    if (m.action !== 'LOBBY_UPDATE') return;
    void mutate<List<PokerTable>>(
      keys.tables,
      (cur) => {
        if (cur && !cur.items.some((tb) => tb.tableId === m.tableId)) {
          // Not in the list yet: ask the server after this update.
          queueMicrotask(() => void mutate(keys.tables));
        }
        return applyLobbyUpdate(cur, m);
      },
      { revalidate: false },
    );
  });
  return status === 'open';
}

/** A game's short name (NT -> Texas Hold'em, PO5 -> Omaha 5, ...); anything else -> unknown. */
export function variantKey(variant: string): `variant.${Variant}` | 'variant.unknown' {
  return (VARIANTS as readonly string[]).includes(variant) ? (`variant.${variant}` as `variant.${Variant}`) : 'variant.unknown';
}

export type PlayersFilter = 'all' | 'active' | 'free';

export function filterTables(tables: PokerTable[], blinds: string, players: PlayersFilter, game: GameFilter = ALL_GAMES): PokerTable[] {
  return tables.filter((tb) => {
    if (!matchesGame(tb, game)) return false;
    if (blinds !== 'all' && `${tb.smallBlind}/${tb.bigBlind}` !== blinds) return false;
    if (players === 'active' && tb.players <= 0) return false;
    if (players === 'free' && tb.players >= tb.maxPlayers) return false;
    return true;
  });
}

function PlayCell({ table }: { table: PokerTable }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (table.status === 'closed') return <Chip size="small" label={t('lobby.closed')} />;
  if (table.players >= table.maxPlayers)
    return <Chip size="small" color="default" variant="outlined" label={t('lobby.full')} data-testid={`full-${table.tableId}`} />;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Button
        size="small"
        variant="contained"
        startIcon={<PlayArrowIcon />}
        onClick={() => navigate(`/table/${table.tableId}`)}
        data-testid={`play-${table.tableId}`}
      >
        {t('lobby.play')}
      </Button>
      {/* Beside the tables already open (the multi-table view, up to four). */}
      <IconButton
        size="small"
        onClick={() => navigate(`/tables?add=${table.tableId}`)}
        aria-label={t('lobby.addToTables', { name: table.name })}
        data-testid={`multi-${table.tableId}`}
      >
        <GridViewIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export function TableList() {
  const { t } = useTranslation();
  const { money, number } = useFormat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const live = useLobbyUpdates();
  const { data, error, isLoading } = useSWR<List<PokerTable>>(keys.tables, {
    refreshInterval: live ? TABLES_REFRESH_LIVE_MS : TABLES_REFRESH_MS,
  });
  const [blinds, setBlinds] = useState('all');
  const [players, setPlayers] = useState<PlayersFilter>('all');
  const [game, setGame] = useState<GameFilter>(ALL_GAMES);
  const optionsText = useOptionsText();
  const gameText = (tb: PokerTable) => [t(variantKey(tb.variant)), optionsText(tb)].filter(Boolean).join(' · ');

  const tables = useMemo(() => data?.items ?? [], [data]);
  const blindLevels = useMemo(() => {
    const seen = new Map<string, number>();
    for (const tb of tables) seen.set(`${tb.smallBlind}/${tb.bigBlind}`, tb.bigBlind);
    return [...seen.entries()].sort((a, b) => a[1] - b[1]).map(([k]) => k);
  }, [tables]);
  const shown = useMemo(() => filterTables(tables, blinds, players, game), [tables, blinds, players, game]);
  const blindsText = (tb: PokerTable) => `${number(tb.smallBlind)} / ${number(tb.bigBlind)}`;
  const buyInText = (tb: PokerTable) => `${number(tb.minBuyIn)} – ${money(tb.maxBuyIn)}`;

  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <FilterSelect
          label={t('lobby.filterBlinds')}
          value={blinds}
          onChange={setBlinds}
          minWidth={150}
          testId="filter-blinds"
          options={[
            { value: 'all', label: t('lobby.allBlinds') },
            ...blindLevels.map((b) => {
              const [sb, bb] = b.split('/').map(Number);
              return { value: b, label: `${number(sb)} / ${number(bb)}` };
            }),
          ]}
        />
        <FilterSelect
          label={t('lobby.filterPlayers')}
          value={players}
          onChange={(v) => setPlayers(v as PlayersFilter)}
          minWidth={170}
          testId="filter-players"
          options={[
            { value: 'all', label: t('lobby.playersAll') },
            { value: 'active', label: t('lobby.playersActive') },
            { value: 'free', label: t('lobby.playersFree') },
          ]}
        />
        <GameFilters value={game} onChange={setGame} />
      </Stack>

      {error && !data && <Alert severity="error">{t('lobby.tablesError')}</Alert>}
      {isLoading && <LoadingRows />}
      {data && shown.length === 0 && <Alert severity="info">{t('lobby.noTables')}</Alert>}

      {data && shown.length > 0 && phone && (
        <Stack spacing={1.25} data-testid="table-cards">
          {shown.map((tb, i) => (
            <LobbyCard key={tb.tableId} testId={`table-row-${tb.tableId}`}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="caption" color="text.secondary" sx={{ minWidth: 20 }}>
                  {i + 1}
                </Typography>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 700 }} noWrap>
                    {tb.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {gameText(tb)} · {t('lobby.blinds')} {blindsText(tb)}
                  </Typography>
                </Box>
                <PlayCell table={tb} />
              </Box>
              <CardFooter price={`${t('lobby.buyIn')}: ${buyInText(tb)}`} secondary taken={tb.players} most={tb.maxPlayers} testId={`players-${tb.tableId}`} />
            </LobbyCard>
          ))}
        </Stack>
      )}

      {data && shown.length > 0 && !phone && (
        <LobbyTable
          testId="table-list"
          columns={[
            { label: t('lobby.col.number') },
            { label: t('lobby.col.name') },
            { label: t('lobby.col.variant') },
            { label: t('lobby.col.buyIn') },
            { label: t('lobby.col.players') },
            { label: t('lobby.col.blinds') },
            { label: t('lobby.col.table'), align: 'right' },
          ]}
        >
          {shown.map((tb, i) => (
            <TableRow key={tb.tableId} hover data-testid={`table-row-${tb.tableId}`}>
              <TableCell>{i + 1}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{tb.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{gameText(tb)}</TableCell>
              <TableCell>{buyInText(tb)}</TableCell>
              <TableCell data-testid={`players-${tb.tableId}`}>
                {tb.players}/{tb.maxPlayers}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{blindsText(tb)}</TableCell>
              <TableCell align="right">
                <PlayCell table={tb} />
              </TableCell>
            </TableRow>
          ))}
        </LobbyTable>
      )}
    </Box>
  );
}
