// The identity check: two photos from the phone (camera or files), checked here for type and
// size as the server checks them, sent as base64; then the latest check's status.
import { useState } from 'react';
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useSaferTranslation } from './saferStrings';
import type { KeyedMutator } from 'swr';
import { api } from '../../api';
import { useNotify } from '../../components/Notify';
import { useFormat } from '../../hooks/useLang';
import { IDENTITY_KINDS, IDENTITY_MAX_BYTES, IDENTITY_MIMES, type IdentityImage, type IdentityKind, type SaferPlay } from '../../../shared/api/safer';
import { useErrorText } from './useSafer';

/** A chosen file as the upload sends it, or the reason it cannot be sent. */
export async function readImage(file: File): Promise<IdentityImage | 'tooBig' | 'notImage'> {
  if (!(IDENTITY_MIMES as readonly string[]).includes(file.type)) return 'notImage';
  if (file.size > IDENTITY_MAX_BYTES) return 'tooBig';
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { mime: file.type as IdentityImage['mime'], data: btoa(bin) };
}

function PhotoPicker({ name, label, value, onChange }: { name: string; label: string; value: string | null; onChange: (f: File | null) => void }) {
  const { t } = useSaferTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Button component="label" variant="outlined" sx={{ flexShrink: 0 }}>
        {t('safer.choose')}
        <input
          hidden
          type="file"
          accept={IDENTITY_MIMES.join(',')}
          name={name}
          data-testid={`identity-${name}`}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
        {label}
        {value ? `: ${value}` : ''}
      </Typography>
    </Stack>
  );
}

export function IdentityCard({ data, mutate }: { data: SaferPlay; mutate: KeyedMutator<SaferPlay> }) {
  const { t } = useSaferTranslation();
  const { money } = useFormat();
  const notify = useNotify();
  const errorText = useErrorText();
  const [kind, setKind] = useState<IdentityKind>('DOCUMENT_SELFIE');
  const [files, setFiles] = useState<{ document: File | null; second: File | null }>({ document: null, second: null });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = data.identity;
  const canUpload = !latest || latest.status === 'REJECTED';

  const send = async () => {
    if (!files.document || !files.second) return;
    setProblem(null);
    const [document, second] = await Promise.all([readImage(files.document), readImage(files.second)]);
    const bad = [document, second].find((x) => typeof x === 'string');
    if (typeof bad === 'string') return setProblem(t(`safer.${bad}`));
    setBusy(true);
    try {
      await api.uploadIdentity({ kind, document: document as IdentityImage, second: second as IdentityImage });
      notify(t('safer.uploaded'), 'success');
      setFiles({ document: null, second: null });
      await mutate();
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2.5 }, border: 1, borderColor: 'divider' }} data-testid="identity-card">
      <Typography variant="h6" component="h2">
        {t('safer.identityTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('safer.identityHelp', { amount: money(data.identityRequiredAbove) })}
      </Typography>
      {latest && (
        <Alert
          severity={latest.status === 'APPROVED' ? 'success' : latest.status === 'REJECTED' ? 'error' : 'info'}
          sx={{ mb: 1.5 }}
          data-testid="identity-status"
        >
          {t(`safer.status.${latest.status}`, { reason: latest.reason ?? '' })}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="identity-error">
          {problem}
        </Alert>
      )}
      {canUpload && (
        <Stack spacing={1.5}>
          <TextField
            select
            size="small"
            label={t('safer.identityKind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as IdentityKind)}
            sx={{ maxWidth: 320 }}
          >
            {IDENTITY_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`safer.identityKinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <PhotoPicker
            name="document"
            label={t('safer.document')}
            value={files.document?.name ?? null}
            onChange={(f) => setFiles((s) => ({ ...s, document: f }))}
          />
          <PhotoPicker name="second" label={t('safer.second')} value={files.second?.name ?? null} onChange={(f) => setFiles((s) => ({ ...s, second: f }))} />
          <Button
            variant="contained"
            disabled={busy || !files.document || !files.second}
            onClick={() => void send()}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="identity-upload"
          >
            {t('safer.upload')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
