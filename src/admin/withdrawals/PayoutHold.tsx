// The cooling-off after a player changed their bank account: a withdrawal requested during it
// carries `holdUntil`, and the server refuses to approve it before then (409 PAYOUT_COOLING_OFF).
import { Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../common/fields';

/** The hold end when it is still ahead, else null. */
export function activeHold(until: string | null | undefined, now = Date.now()): string | null {
  if (!until) return null;
  const t = Date.parse(until);
  return Number.isFinite(t) && t > now ? until : null;
}

/** A withdrawal waiting for its hold: "Held until …" with the reason on hover; a dash (or, quiet, nothing) otherwise. */
export function HoldField({ quiet }: { label?: string; source?: string; quiet?: boolean }) {
  const record = useRecordContext<{ status?: string; holdUntil?: string | null }>();
  const translate = useTranslate();
  const lang = useLang();
  const until = record?.status === 'NOT_APPROVED' ? activeHold(record.holdUntil) : null;
  if (!until) return quiet ? null : <span>—</span>;
  const date = formatDateTime(until, lang);
  return (
    <Tooltip title={translate('resources.withdraw.hold.why', { date })}>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={translate('resources.withdraw.hold.until', { date })}
        data-testid="withdrawal-hold"
        // In a narrow column (quiet: under the status) the date goes to a second line.
        sx={quiet ? { height: 'auto', maxWidth: 150, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } : undefined}
      />
    </Tooltip>
  );
}

/** On the user page: the end of the hold after their last bank account change, while it runs. */
export function UserPayoutHoldField(_props: { label?: string }) {
  const record = useRecordContext<{ payoutHoldUntil?: string | null }>();
  const lang = useLang();
  const until = activeHold(record?.payoutHoldUntil);
  return <span data-testid="user-payout-hold">{until ? formatDateTime(until, lang) : '—'}</span>;
}
