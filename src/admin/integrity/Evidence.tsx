// An alert's evidence: each figure beside what it is compared with, the reasons in words, what
// linked accounts share, and the hands, each opening the replayer with every card.
import { useState } from 'react';
import {
  Alert as MuiAlert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { Link, useDataProvider, useTranslate } from 'react-admin';
import useCall from './useCall';
import type { Alert } from '../../shared/api/integrity';
import { HandReplayer } from '../../shared/ui/HandReplayer';
import { replayFromPhh } from '../../shared/ui/replay/fromPhh';
import { useReplayerLabels } from '../../shared/ui/useReplayerLabels';
import { formatMoney } from '../../shared/format';
import { useLang } from '../common/fields';
import type { AdminDataProvider } from '../dataProvider';

export function UsersLinks({ users }: { users: Alert['users'] }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {users.map((u) => (
        <Link key={u.userId} to={`/integrity/player/${u.userId}`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
          <Chip size="small" clickable label={u.standing ? `${u.username} (${u.standing})` : u.username} />
        </Link>
      ))}
    </Stack>
  );
}

function readable(phh: string | null, handId: number) {
  try {
    return phh ? replayFromPhh(phh, String(handId)) : null;
  } catch {
    return null;
  }
}

function ReplayDialog({ handId, onClose }: { handId: number; onClose: () => void }) {
  const translate = useTranslate();
  const lang = useLang();
  const dp = useDataProvider<AdminDataProvider>();
  const labels = useReplayerLabels(translate, 'resources.session.replay.', lang);
  const { data, error } = useCall(() => dp.call('integrityHand', { params: { handId } }), [handId]);
  const hand = readable(data?.phh ?? null, handId);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('integrity.hand', { id: handId })}</DialogTitle>
      <DialogContent data-testid="integrity-replay">
        {error !== undefined && <MuiAlert severity="error">{translate('resources.session.unreadable')}</MuiAlert>}
        {hand && <HandReplayer hand={hand} labels={labels} formatAmount={(n) => formatMoney(n, lang)} />}
      </DialogContent>
    </Dialog>
  );
}

export function EvidenceView({ alert }: { alert: Alert }) {
  const translate = useTranslate();
  const [hand, setHand] = useState<number | null>(null);
  const e = alert.evidence;
  const names = [...new Set([...Object.keys(e.figures), ...Object.keys(e.expected).filter((k) => !k.endsWith('Bar'))])];
  return (
    <Box data-testid="evidence">
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
        {e.reasons.map((r) => (
          <Chip key={r} color="warning" size="small" label={translate(`integrity.reason.${r}`, { _: r })} />
        ))}
      </Stack>
      <Table size="small" sx={{ maxWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('integrity.figure')}</TableCell>
            <TableCell align="right">{translate('integrity.measured')}</TableCell>
            <TableCell align="right">{translate('integrity.expected')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {names.map((k) => (
            <TableRow key={k}>
              <TableCell>{translate(`integrity.figures.${k}`, { _: k })}</TableCell>
              <TableCell align="right">{e.figures[k] ?? '—'}</TableCell>
              <TableCell align="right">{e.expected[k] ?? e.expected[`${k}Bar`] ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {e.shared && e.shared.length > 0 && (
        <Box sx={{ mt: 1 }}>
          {translate('integrity.shared')}: {e.shared.join(' · ')}
        </Box>
      )}
      {e.hands.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <span>{translate('integrity.hands')}:</span>
          {e.hands.map((h) => (
            <Button key={h} size="small" onClick={() => setHand(h)} data-testid={`hand-${h}`}>
              #{h}
            </Button>
          ))}
        </Stack>
      )}
      {hand !== null && <ReplayDialog handId={hand} onClose={() => setHand(null)} />}
    </Box>
  );
}
