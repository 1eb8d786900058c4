// Fields shared by the resources: money in tugrik (the shared formatter), dates, bank details.
import { Chip, Link as MuiLink } from '@mui/material';
import { Link, useCreatePath, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { BANKS } from '../../shared/api/enums';
import { formatDateTime, formatMoney, formatSignedMoney } from '../../shared/format';

export interface FieldProps {
  source: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
  textAlign?: 'left' | 'right';
}

function get(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), record);
}

export function useLang(): 'en' | 'mn' {
  const [locale] = useLocaleState();
  return locale === 'mn' ? 'mn' : 'en';
}

export function MoneyField({ source, signed, testId }: FieldProps & { signed?: boolean; testId?: string }) {
  const record = useRecordContext();
  const lang = useLang();
  const v = get(record, source);
  if (typeof v !== 'number') return <span data-testid={testId}>—</span>;
  return (
    <span style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {signed ? formatSignedMoney(v, lang) : formatMoney(v, lang)}
    </span>
  );
}

export function DateTimeField({ source }: FieldProps) {
  const record = useRecordContext();
  const lang = useLang();
  const v = get(record, source);
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(typeof v === 'string' || typeof v === 'number' ? v : null, lang)}</span>;
}

export function bankName(code: string | undefined | null, lang: 'en' | 'mn'): string {
  const b = BANKS.find((x) => x.code === code);
  if (!b) return code ?? '—';
  return lang === 'mn' ? b.nameMn : b.name;
}

/** "Khan Bank · 5012345678" from `bank` + `accountNumber` of the record. */
export function BankField(_props: Partial<FieldProps>) {
  const record = useRecordContext<{ bank?: string; accountNumber?: string }>();
  const lang = useLang();
  if (!record) return null;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {bankName(record.bank, lang)} · <code>{record.accountNumber ?? '—'}</code>
    </span>
  );
}

const STATUS_COLOR: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info' | 'secondary'> = {
  NOT_APPROVED: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  active: 'success',
  disabled: 'default',
  open: 'success',
  closed: 'default',
  ADMIN: 'info',
  SUPPORT: 'secondary',
  PLAYER: 'default',
  running: 'info',
  settled: 'success',
  voided: 'error',
  registering: 'success',
  finished: 'default',
  cancelled: 'error',
};

/** A translated status chip: `admin.status.<value>`. */
export function StatusField({ source }: FieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = get(record, source);
  if (typeof v !== 'string') return null;
  return <Chip size="small" color={STATUS_COLOR[v] ?? 'default'} label={translate(`admin.status.${v}`, { _: v })} />;
}

/** A long name (20 letters without a break) wraps rather than widening a laptop's list past its window. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/** The username, linking to the user's page (records carrying `userId` and `username`). */
export function UserLinkField(_props: Partial<FieldProps>) {
  const record = useRecordContext<{ userId?: number; username?: string }>();
  const createPath = useCreatePath();
  if (!record?.userId) return <span style={WRAP}>{record?.username ?? '—'}</span>;
  return (
    <Link to={createPath({ resource: 'user', id: record.userId, type: 'show' })} sx={WRAP} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
      {record.username}
    </Link>
  );
}

const CLIPPED = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * Text cut with an ellipsis past `maxWidth` (a list keeps its laptop width whatever one user typed),
 * the whole value in its tooltip; `mailto` makes it an e-mail link, as react-admin's EmailField.
 */
export function ClippedTextField({ source, maxWidth, mailto }: FieldProps & { maxWidth: string; mailto?: boolean }) {
  const record = useRecordContext();
  const v = get(record, source);
  if (typeof v !== 'string' && typeof v !== 'number') return <span>—</span>;
  const text = String(v);
  if (mailto)
    return (
      <MuiLink href={`mailto:${text}`} title={text} variant="body2" sx={{ ...CLIPPED, maxWidth }} onClick={(e) => e.stopPropagation()}>
        {text}
      </MuiLink>
    );
  return (
    <span title={text} style={{ ...CLIPPED, maxWidth }}>
      {text}
    </span>
  );
}
