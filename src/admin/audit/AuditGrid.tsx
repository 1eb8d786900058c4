// The rows of the audit trail: when, who (name, role, address), what, on what, and the change
// (before → after, the whole of both in the expanded row). Used by the Audit list and a player's page.
import { Box, Stack, Typography } from '@mui/material';
import { DatagridConfigurable, FunctionField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { DateTimeField, StatusField, UserLinkField } from '../common/fields';
import type { AuditRecord } from '../dataProvider';

const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** A short "key: before → after" list of what changed. */
export function changes(before: unknown, after: unknown): string {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  const v = (x: unknown) => (x === undefined || x === null ? '—' : typeof x === 'object' ? JSON.stringify(x) : String(x));
  return keys
    .slice(0, 4)
    .map((k) => `${k}: ${k in b ? `${v(b[k])} → ` : ''}${v(a[k])}`)
    .join('; ');
}

function Expanded() {
  const r = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {(['before', 'after'] as const).map((k) => (
        <Box key={k} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption">{translate(`resources.audit.fields.${k}`)}</Typography>
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {show(r[k])}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export function ActionField(_props: { source?: string; label?: string }) {
  const r = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!r) return null;
  return <span>{translate(`resources.audit.actions.${r.action}`, { _: r.action })}</span>;
}

function ObjectField(_props: { source?: string; label?: string }) {
  const r = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!r) return null;
  return <span>{`${translate(`resources.audit.objects.${r.objectType}`, { _: r.objectType })}${r.objectId ? ` ${r.objectId}` : ''}`}</span>;
}

export function AuditGrid({ withUser = true, preferenceKey }: { withUser?: boolean; preferenceKey: string }) {
  return (
    <DatagridConfigurable bulkActionButtons={false} rowClick="expand" expand={<Expanded />} preferenceKey={preferenceKey} omit={['ip', 'objectId']}>
      <DateTimeField source="createdAt" label="resources.audit.fields.createdAt" />
      <TextField source="actor" label="resources.audit.fields.actor" sortable={false} sx={{ overflowWrap: 'anywhere' }} />
      <StatusField source="actorRole" label="resources.audit.fields.actorRole" sortable={false} />
      <TextField source="ip" label="resources.audit.fields.ip" sortable={false} emptyText="—" />
      <ActionField source="action" label="resources.audit.fields.action" />
      <ObjectField source="objectType" label="resources.audit.fields.objectType" />
      <TextField source="objectId" label="resources.audit.fields.objectId" sortable={false} />
      {withUser && <UserLinkField source="username" label="resources.audit.fields.username" sortable={false} />}
      <FunctionField<AuditRecord>
        source="after"
        label="resources.audit.fields.change"
        sortable={false}
        render={(r) => <Box sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis' }}>{changes(r.before, r.after)}</Box>}
      />
    </DatagridConfigurable>
  );
}
