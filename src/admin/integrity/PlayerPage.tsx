// A player's integrity page (/admin/integrity/player/:userId): standing, figures by stake, play
// time, alerts with evidence, where they signed in from (and who else did), who they sit with.
import { Alert as MuiAlert, Box, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { Link, Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import type { IntegrityPlayer, PlayFigures } from '../../shared/api/integrity';
import { formatMoney } from '../../shared/format';
import { useLang } from '../common/fields';
import type { AdminDataProvider } from '../dataProvider';
import { EvidenceView } from './Evidence';
import useCall from './useCall';

const FIGURES = [
  'hands',
  'vpip',
  'pfr',
  'threeBet',
  'aggression',
  'wtsd',
  'wsd',
  'bbPer100',
  'net',
  'allinEv',
  'allinActual',
  'decisionMeanMs',
  'decisionSdMs',
] as const;

function Figures({ figures }: { figures: PlayFigures[] }) {
  const translate = useTranslate();
  if (!figures.length) return <MuiAlert severity="info">{translate('integrity.noHands')}</MuiAlert>;
  return (
    <Table size="small" data-testid="player-figures">
      <TableHead>
        <TableRow>
          <TableCell />
          {figures.map((f) => (
            <TableCell key={`${f.game}-${f.bigBlind}`} align="right">
              {f.game} {f.bigBlind || ''}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {FIGURES.map((k) => (
          <TableRow key={k}>
            <TableCell>{translate(`integrity.figures.${k}`)}</TableCell>
            {figures.map((f) => (
              <TableCell key={`${f.game}-${f.bigBlind}`} align="right">
                {f[k] ?? '—'}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Body({ p }: { p: IntegrityPlayer }) {
  const translate = useTranslate();
  const lang = useLang();
  return (
    <Box sx={{ mt: 2 }} data-testid="integrity-player">
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {p.username}
        </Typography>
        <Chip label={translate(`integrity.standing.${p.standing ?? 'good'}`)} color={p.standing ? 'warning' : 'default'} />
        {p.standingReason && <span>{p.standingReason}</span>}
        <Link to={`/user/${p.userId}/show`}>{translate('integrity.account')}</Link>
        <Link to={`/integrity/group/${p.userId}`}>{translate('integrity.group')}</Link>
      </Stack>
      <Section title={translate('integrity.figuresTitle')}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('integrity.time', { hours: p.stats.hoursPlayed, longest: p.stats.longestSessionHours, tables: p.stats.maxTables })}
        </Typography>
        <Figures figures={p.stats.figures} />
      </Section>
      <Section title={translate('integrity.alerts')}>
        {p.alerts.length === 0 && <MuiAlert severity="success">{translate('integrity.noAlerts')}</MuiAlert>}
        {p.alerts.map((a) => (
          <Box key={a.id} sx={{ mb: 2 }}>
            <Link to={`/integrityAlert/${a.id}/show`}>
              {translate(`integrity.kind.${a.kind}`)} · {translate('integrity.score')} {a.score}
            </Link>
            <EvidenceView alert={a} />
          </Box>
        ))}
      </Section>
      <Section title={translate('integrity.traces')}>
        {p.traces.map((t) => (
          <Typography key={`${t.kind}-${t.value}`} variant="body2">
            {translate(`integrity.trace.${t.kind}`)} {t.value} ×{t.count}
            {t.others.length > 0 && ` · ${translate('integrity.alsoUsedBy')}: ${t.others.join(', ')}`}
          </Typography>
        ))}
      </Section>
      <Section title={translate('integrity.partners')}>
        {p.partners.map((x) => (
          <Typography key={x.userId} variant="body2">
            <Link to={`/integrity/player/${x.userId}`}>{x.username}</Link> · {translate('integrity.figures.handsTogether')} {x.handsTogether} ·{' '}
            {translate('integrity.fromThem')} {formatMoney(x.netFromThem, lang)}
          </Typography>
        ))}
      </Section>
    </Box>
  );
}

export function PlayerPage() {
  const { userId } = useParams();
  const dp = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const { data, error } = useCall(() => dp.call('integrityPlayer', { params: { userId: Number(userId) } }), [userId]);
  return (
    <>
      <Title title={translate('integrity.playerTitle')} />
      {error ? <MuiAlert severity="error">{String((error as Error).message ?? error)}</MuiAlert> : data ? <Body p={data} /> : <Loading />}
    </>
  );
}
