// /admin/tournament/:id/show: the figures, the structure, the payouts for the current field, the
// entrants and results (place, chips, prize), the tables while running. Administrators may edit
// (while registering) and cancel with a reason.
import { Alert, Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { EditButton, Show, TopToolbar, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatMoney, formatNumber } from '../../shared/format';
import { can } from '../auth/permissions';
import { StatusField, useLang } from '../common/fields';
import type { TournamentRecord } from '../dataProvider';
import { AddBotsButton } from './AddBotsButton';
import { CancelTournamentButton } from './CancelTournamentButton';

function Actions() {
  const record = useRecordContext<TournamentRecord>();
  const { permissions } = usePermissions<string | null>();
  return (
    <TopToolbar>
      {record?.status === 'registering' && can(permissions, 'tournament', 'edit') && <EditButton />}
      <AddBotsButton />
      <CancelTournamentButton />
    </TopToolbar>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Figures({ t }: { t: TournamentRecord }) {
  const translate = useTranslate();
  const lang = useLang();
  const F = 'resources.tournament.fields.';
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Fact label={`${F}status`}>
        <StatusField source="status" />
      </Fact>
      <Fact label={`${F}kind`}>{translate(`resources.tournament.kind.${t.kind}`)}</Fact>
      <Fact label={`${F}startsAt`}>{t.startsAt ? formatDateTime(t.startsAt, lang) : translate('resources.tournament.when_full', { n: t.maxEntrants })}</Fact>
      {t.startedAt && <Fact label={`${F}startedAt`}>{formatDateTime(t.startedAt, lang)}</Fact>}
      {t.finishedAt && <Fact label={`${F}finishedAt`}>{formatDateTime(t.finishedAt, lang)}</Fact>}
      <Fact label={`${F}buyInFee`}>{`${formatMoney(t.buyIn, lang)} + ${formatMoney(t.fee, lang)}`}</Fact>
      <Fact label={`${F}prizePool`}>{formatMoney(t.prizePool, lang)}</Fact>
      <Fact label={`${F}guarantee`}>{t.guarantee > 0 ? formatMoney(t.guarantee, lang) : '—'}</Fact>
      <Fact label={`${F}entrants`}>{translate('resources.tournament.entrants_of', { n: t.entrants, max: t.maxEntrants, min: t.minEntrants })}</Fact>
      <Fact label={`${F}startingStack`}>{formatNumber(t.startingStack, lang)}</Fact>
      <Fact label={`${F}tableSize`}>{t.tableSize}</Fact>
    </Box>
  );
}

function Structure({ t }: { t: TournamentRecord }) {
  const translate = useTranslate();
  const lang = useLang();
  const F = 'resources.tournament.fields.';
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {['level', 'smallBlind', 'bigBlind', 'ante', 'durationMin'].map((k) => (
            <TableCell key={k}>{translate(`${F}${k}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {(t.structure?.levels ?? []).map((l, i) =>
          'breakSec' in l ? (
            <TableRow key={i} data-testid={`admin-level-${i}`}>
              <TableCell colSpan={4} sx={{ fontStyle: 'italic' }}>
                {translate('resources.tournament.break')}
              </TableCell>
              <TableCell>{l.breakSec / 60}</TableCell>
            </TableRow>
          ) : (
            <TableRow key={i} selected={t.status === 'running' && t.level === i} data-testid={`admin-level-${i}`}>
              <TableCell>{l.level}</TableCell>
              <TableCell>{formatNumber(l.smallBlind, lang)}</TableCell>
              <TableCell>{formatNumber(l.bigBlind, lang)}</TableCell>
              <TableCell>
                {formatNumber(l.ante, lang)}
                {l.bigBlindAnte && ` (${translate('resources.tournament.fields.bigBlindAnte')})`}
              </TableCell>
              <TableCell>{l.durationSec / 60}</TableCell>
            </TableRow>
          ),
        )}
      </TableBody>
    </Table>
  );
}

function Entrants({ t }: { t: TournamentRecord }) {
  const translate = useTranslate();
  const lang = useLang();
  const entries = t.entries ?? [];
  if (entries.length === 0) return <Typography color="text.secondary">{translate('resources.tournament.no_entrants')}</Typography>;
  const F = 'resources.tournament.fields.';
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {['place', 'player', 'entryStatus', 'chips', 'prize', 'table'].map((k) => (
            <TableCell key={k}>{translate(`${F}${k}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.entryId} data-testid={`admin-entry-${e.entryId}`}>
            <TableCell>{e.place ?? '—'}</TableCell>
            <TableCell>
              {e.username}
              {e.isBot && <Chip size="small" label="BOT" sx={{ ml: 0.5 }} />}
            </TableCell>
            <TableCell>{translate(`resources.tournament.entry.${e.status}`)}</TableCell>
            <TableCell>{formatNumber(e.chips, lang)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.prize > 0 ? formatMoney(e.prize, lang) : '—'}</TableCell>
            <TableCell>{e.tableId ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Body() {
  const t = useRecordContext<TournamentRecord>();
  const translate = useTranslate();
  const lang = useLang();
  if (!t) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5">{t.name}</Typography>
      {t.status === 'cancelled' && <Alert severity="warning">{translate('resources.tournament.cancelled', { reason: t.cancelReason ?? '' })}</Alert>}
      <Figures t={t} />
      {t.status === 'running' && (
        <Section title="resources.tournament.sections.tables" testId="admin-tournament-tables">
          {(t.tables ?? []).map((tb) => translate('resources.tournament.table', { id: tb.tableId, n: tb.players })).join(' · ') || '—'}
        </Section>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <Section title="resources.tournament.sections.entrants" testId="admin-tournament-entrants">
          <Entrants t={t} />
        </Section>
        <Section title="resources.tournament.sections.payouts" testId="admin-tournament-payouts">
          <Table size="small">
            <TableBody>
              {(t.places ?? []).map((p) => (
                <TableRow key={p.place}>
                  <TableCell>{p.place}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoney(p.amount, lang)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      </Box>
      <Section title="resources.tournament.sections.structure" testId="admin-tournament-structure">
        <Structure t={t} />
      </Section>
    </Stack>
  );
}

export function TournamentShow() {
  return (
    <Show actions={<Actions />}>
      <Body />
    </Show>
  );
}
