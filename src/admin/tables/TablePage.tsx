// /admin/table/:id: one table. Its settings at a glance, the live table over the socket (seats,
// stacks, bets, bots, board, pots, who is to act; no hole cards) with a kick button on each seated
// player, simulation start/stop (enabled by the live view's flag), and the finished hands (game
// sessions) with every card dealt, the replayer and the PHH download.
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  Button,
  Datagrid,
  FunctionField,
  ListButton,
  ListBase,
  Pagination,
  Show,
  Labeled,
  TextField,
  TopToolbar,
  useListContext,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatMoney } from '../../shared/format';
import { saveFile } from '../../shared/ui/download';
import { HandReplayer } from '../../shared/ui/HandReplayer';
import { PlayingCard } from '../../shared/ui/PlayingCard';
import { replayFromPhh } from '../../shared/ui/replay/fromPhh';
import type { ReplayHand } from '../../shared/ui/replay/model';
import { useReplayerLabels } from '../../shared/ui/useReplayerLabels';
import { DateTimeField, StatusField, useLang } from '../common/fields';
import type { SessionRecord, TableRecord } from '../dataProvider';
import { useAdminSocket } from '../live/AdminSocket';
import { useLiveTable, type LiveTableSnapshot } from '../live/liveTable';
import { LiveTable } from './LiveTable';
import { dealtCards } from './phh';
import { can } from '../auth/permissions';
import { SimulationButtons } from './SimulationButtons';
import { EditTableButton, VariantField } from './TableList';
import { ConfirmDeleteButton } from '../common/ConfirmDeleteButton';
import { LabelButton } from '../common/LabelButton';

export function CardChip({ card }: { card: string }) {
  return (
    <Box component="span" role="img" sx={{ display: 'inline-block', mr: 0.25, verticalAlign: 'middle' }} aria-label={card} title={card}>
      <PlayingCard card={card.includes('?') ? null : card} height={34} />
    </Box>
  );
}

function HandCards(_props: { label?: string }) {
  const hand = useRecordContext<SessionRecord>();
  if (!hand) return null;
  const { hole, board, players } = dealtCards(hand.phh);
  if (hole.length === 0 && board.length === 0) return <span>—</span>;
  return (
    <Stack spacing={0.5}>
      {hole.map((h) => (
        <Box key={h.player} sx={{ whiteSpace: 'nowrap' }}>
          <Typography component="span" variant="caption" sx={{ mr: 1 }}>
            {players[h.player] ?? `p${h.player + 1}`}
          </Typography>
          {h.cards.map((c, i) => (
            <CardChip key={i} card={c} />
          ))}
        </Box>
      ))}
      {board.length > 0 && (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {board.map((c, i) => (
            <CardChip key={i} card={c} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

function PhhButtons(_props: { label?: string }) {
  const hand = useRecordContext<SessionRecord>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [replay, setReplay] = useState(false);
  if (!hand?.phh) return null;
  const phh = hand.phh;
  return (
    <Stack direction="row" spacing={0.5}>
      <LabelButton label="resources.session.action.replay" onClick={() => setReplay(true)} />
      {replay && <ReplayDialog hand={hand} onClose={() => setReplay(false)} />}
      <LabelButton label="resources.session.action.view_phh" onClick={() => setOpen(true)} />
      <Button label="resources.session.action.download_phh" onClick={() => saveFile(`table-${hand.tableId}-hand-${hand.handNumber}.phh`, phh)}>
        <DownloadIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>{translate('resources.session.phh_title', { number: hand.handNumber })}</DialogTitle>
        {/* Focusable so the keyboard can scroll a long history (axe: scrollable-region-focusable). */}
        <DialogContent tabIndex={0}>
          <Box component="pre" sx={{ fontSize: 12, whiteSpace: 'pre-wrap', m: 0 }}>
            {phh}
          </Box>
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.close" onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function ReplayDialog({ hand, onClose }: { hand: SessionRecord; onClose: () => void }) {
  const translate = useTranslate();
  const lang = useLang();
  const labels = useReplayerLabels(translate, 'resources.session.replay.', lang);
  let replay: ReplayHand | null;
  try {
    replay = hand.phh ? replayFromPhh(hand.phh, String(hand.handId)) : null;
  } catch {
    replay = null;
  }
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('resources.session.phh_title', { number: hand.handNumber })}</DialogTitle>
      <DialogContent>
        {replay ? (
          <HandReplayer hand={replay} labels={labels} formatAmount={(n) => formatMoney(n, lang)} />
        ) : (
          <Alert severity="warning">{translate('resources.session.unreadable')}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <LabelButton label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

/** Refetches the finished hands when the live view reports a newly ended hand. */
function RefetchOn({ value }: { value: unknown }) {
  const { refetch } = useListContext();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch only when the value changes, not when refetch does
  }, [value]);
  return null;
}

const Sessions = memo(function Sessions({ tableId, lastHandId }: { tableId: number; lastHandId: number | null }) {
  const translate = useTranslate();
  return (
    <ListBase resource="session" filter={{ tableId }} sort={{ field: 'handNumber', order: 'DESC' }} perPage={10} disableSyncWithLocation>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.session.empty')}</Typography>}>
        <TextField source="handNumber" label="resources.session.fields.handNumber" sortable={false} />
        <DateTimeField source="startedAt" label="resources.session.fields.startedAt" sortable={false} />
        <DateTimeField source="endedAt" label="resources.session.fields.endedAt" sortable={false} />
        <StatusField source="status" label="resources.session.fields.status" sortable={false} />
        <HandCards label="resources.session.fields.cards" />
        <PhhButtons label="resources.session.fields.phh" />
      </Datagrid>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
      <RefetchOn value={lastHandId} />
    </ListBase>
  );
});

function TableActions({ live }: { live: LiveTableSnapshot }) {
  const record = useRecordContext<TableRecord>();
  const { permissions } = usePermissions<string | null>();
  return (
    <TopToolbar>
      <ListButton />
      <EditTableButton />
      <SimulationButtons simulation={live.view?.simulation} />
      {can(permissions, 'table', 'delete') && <ConfirmDeleteButton resource="table" translateOptions={{ name: record?.name ?? '' }} />}
    </TopToolbar>
  );
}

function TableTitle() {
  const record = useRecordContext<TableRecord>();
  const translate = useTranslate();
  return <span>{record ? `${translate('resources.table.name', { smart_count: 1 })}: ${record.name}` : ''}</span>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function TableBody({ live }: { live: LiveTableSnapshot }) {
  const record = useRecordContext<TableRecord>();
  const lang = useLang();
  if (!record) return null;
  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 2 }}>
          <Labeled>
            <TextField source="tableId" />
          </Labeled>
          <Labeled>
            <VariantField source="variant" label="resources.table.fields.variant" />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord> label="resources.table.sections.options" render={(t) => <OptionsText table={t} />} />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord>
              label="resources.table.fields.blinds"
              render={(t) => `${formatMoney(t.smallBlind, lang)} / ${formatMoney(t.bigBlind, lang)}`}
            />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord>
              label="resources.table.fields.buyIn"
              render={(t) => `${formatMoney(t.minBuyIn, lang)} – ${formatMoney(t.maxBuyIn, lang)}`}
            />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord>
              label="resources.table.fields.players"
              render={(t) => `${live.view ? live.view.seats.filter(Boolean).length : t.players} / ${t.maxPlayers}`}
            />
          </Labeled>
          <Labeled>
            <StatusField source="status" />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord> label="resources.table.fields.rakePercent" render={(t) => `${t.rakePercent}%`} />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord> label="resources.table.fields.rakeCap" render={(t) => formatMoney(t.rakeCap, lang)} />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord> label="resources.table.fields.jackpotPercent" render={(t) => `${t.jackpotPercent}%`} />
          </Labeled>
          <Labeled>
            <FunctionField<TableRecord> label="resources.table.fields.actionTime" render={(t) => `${t.actionTime} s`} />
          </Labeled>
        </CardContent>
      </Card>
      <Section title="resources.table.sections.live">
        <LiveTable live={live} />
      </Section>
      <Section title="resources.table.sections.sessions">
        <Sessions tableId={record.tableId} lastHandId={live.view?.lastHand?.handId ?? null} />
      </Section>
    </Stack>
  );
}

export function TablePage() {
  const { id } = useParams();
  const socket = useAdminSocket();
  const live = useLiveTable(Number(id), socket);
  return (
    <Show title={<TableTitle />} actions={<TableActions live={live} />} component="div">
      <TableBody live={live} />
    </Show>
  );
}

/** The table's options in words ("Ante 10 · Straddle: under the gun · Run it twice"), or a dash. */
function OptionsText({ table }: { table: TableRecord }) {
  const translate = useTranslate();
  const lang = useLang();
  const parts: string[] = [];
  if (table.ante > 0) parts.push(`${translate('resources.table.fields.ante')} ${formatMoney(table.ante, lang)}`);
  if (table.straddle !== 'off') parts.push(`${translate('resources.table.fields.straddle')}: ${translate(`resources.table.straddle.${table.straddle}`)}`);
  if (table.runItTwice) parts.push(translate('resources.table.fields.runItTwice'));
  if (table.bombPotEvery > 0) parts.push(translate('admin.option.bomb_every', { n: table.bombPotEvery }));
  return <span data-testid="table-options">{parts.length ? parts.join(' · ') : '—'}</span>;
}
