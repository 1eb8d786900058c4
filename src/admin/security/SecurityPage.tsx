// /admin/security (user menu): the signed-in staff member's two-step sign-in (TOTP). Turning it on
// takes the password, shows a QR code of the otpauth:// URI (and the key, for typing by hand),
// then a code from the app; the recovery codes are shown once. Turning it off takes the password
// and a code (or a recovery code); so do new recovery codes, with the factor left on.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { Title, useAuthProvider, useNotify, useTranslate } from 'react-admin';
import type { TwoFactorSetup, TwoFactorStatus } from '../../shared/api/user';
import type { AdminAuthProvider } from '../auth/authProvider';

type Step = { kind: 'idle' } | { kind: 'scan'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/** The page's inputs: compact, a password's width. */
const FIELD = { size: 'small', sx: { maxWidth: 320 } } as const;

/** The server's code of a failed call, as a translation key of this page. */
function errorKey(e: unknown): string {
  const status = (e as { status?: number }).status;
  const code = (e as { body?: { code?: string } }).body?.code;
  if (code === 'WRONG_PASSWORD') return 'admin.security.errors.wrong_password';
  if (code === 'OTP_INVALID') return 'admin.security.errors.wrong_code';
  if (code === 'LOGIN_THROTTLED' || code === 'RATE_LIMITED' || status === 429) return 'admin.security.errors.throttled';
  if (status === 0) return 'admin.errors.network';
  return 'admin.security.errors.failed';
}

/** The otpauth:// URI as an SVG QR code (the qrcode package is loaded only on this page). */
function QrCode({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: its exports may arrive as the default export.
        const q = ((mod as unknown as { default?: typeof mod }).default ?? mod) as typeof mod;
        return q.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      })
      .then((svg) => alive && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
    };
  }, [uri]);
  if (!src)
    return (
      <Box sx={{ width: 200, height: 200, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} />
      </Box>
    );
  return <Box component="img" src={src} alt={alt} data-testid="totp-qr" sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }} />;
}

export function SecurityPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const auth = useAuthProvider() as AdminAuthProvider;
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadError(false);
    auth.twoFactor.status().then(setStatus, () => setLoadError(true));
  }, [auth]);
  useEffect(load, [load]);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(translate(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  const start = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    void run(async () => {
      const setup = await auth.twoFactor.setup(password);
      setPassword('');
      setCode('');
      setStep({ kind: 'scan', setup });
    });
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    void run(async () => {
      const { recoveryCodes } = await auth.twoFactor.enable(code.trim());
      setCode('');
      setStep({ kind: 'codes', codes: recoveryCodes });
      notify('admin.security.enabled', { type: 'success' });
      load();
    });
  };
  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !code.trim()) return;
    void run(async () => {
      await auth.twoFactor.disable(password, code.trim());
      setPassword('');
      setCode('');
      notify('admin.security.disabled', { type: 'success' });
      load();
    });
  };
  const renewCodes = () => {
    if (!password || !code.trim()) return;
    void run(async () => {
      const { recoveryCodes } = await auth.twoFactor.renewCodes(password, code.trim());
      setPassword('');
      setCode('');
      setStep({ kind: 'codes', codes: recoveryCodes });
      notify('admin.security.renewed', { type: 'success' });
      load();
    });
  };
  const copyCodes = (codes: string[]) => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(
      () => notify('admin.security.copied', { type: 'info' }),
      () => undefined,
    );
  };

  const passwordField = (
    <TextField
      label={translate('admin.security.password')}
      name="password"
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={(e) => setPassword(e.target.value)}
      {...FIELD}
    />
  );
  const codeField = (label: string) => (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      value={code}
      onChange={(e) => setCode(e.target.value)}
      {...FIELD}
      slotProps={{ htmlInput: { maxLength: 40 } }}
    />
  );

  let body: React.ReactNode;
  if (loadError) body = <Alert severity="error">{translate('admin.errors.network')}</Alert>;
  else if (!status) body = <CircularProgress size={24} />;
  else if (step.kind === 'codes')
    body = (
      <Stack spacing={2} data-testid="recovery-codes">
        <Typography variant="h6">{translate('admin.security.recoveryTitle')}</Typography>
        <Alert severity="warning">{translate('admin.security.recoveryHelp')}</Alert>
        <Box component="ul" sx={{ fontFamily: 'monospace', fontSize: 16, columns: 2, m: 0, pl: 3 }}>
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => copyCodes(step.codes)}>
            {translate('admin.security.copy')}
          </Button>
          <Button variant="contained" onClick={() => setStep({ kind: 'idle' })} data-testid="codes-saved">
            {translate('admin.security.saved')}
          </Button>
        </Stack>
      </Stack>
    );
  else if (!status.available) body = <Alert severity="info">{translate('admin.security.notAvailable')}</Alert>;
  else if (status.enabled)
    body = (
      <Stack spacing={2} component="form" onSubmit={turnOff} data-testid="totp-disable-form">
        <Alert severity="success" data-testid="totp-on">
          {translate('admin.security.statusOn')} {translate('admin.security.recoveryLeft', { count: status.recoveryCodesLeft })}
        </Alert>
        <Typography variant="body2">{translate('admin.security.disableHelp')}</Typography>
        {passwordField}
        {codeField(translate('admin.security.codeOrRecovery'))}
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={renewCodes} disabled={busy || !password || !code.trim()} data-testid="totp-renew-codes">
            {translate('admin.security.renewCodes')}
          </Button>
          <Button type="submit" color="error" variant="outlined" disabled={busy || !password || !code.trim()} data-testid="totp-disable">
            {translate('admin.security.disable')}
          </Button>
        </Stack>
      </Stack>
    );
  else if (step.kind === 'scan')
    body = (
      <Stack spacing={2} component="form" onSubmit={confirm} data-testid="totp-scan-form">
        <Typography variant="body2">{translate('admin.security.scan')}</Typography>
        <QrCode uri={step.setup.uri} alt={translate('admin.security.qrAlt')} />
        <Typography variant="body2">
          {translate('admin.security.secret')}:{' '}
          <Box component="code" sx={{ fontSize: 15, wordBreak: 'break-all' }} data-testid="totp-secret">
            {step.setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </Box>
        </Typography>
        {codeField(translate('admin.security.code'))}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy || !code.trim()} data-testid="totp-confirm">
            {translate('admin.security.confirm')}
          </Button>
          <Button onClick={() => setStep({ kind: 'idle' })} disabled={busy}>
            {translate('admin.security.cancel')}
          </Button>
        </Stack>
      </Stack>
    );
  else
    body = (
      <Stack spacing={2} component="form" onSubmit={start} data-testid="totp-start-form">
        <Alert severity="info" data-testid="totp-off">
          {translate('admin.security.statusOff')}
        </Alert>
        <Typography variant="body2">{translate('admin.security.intro')}</Typography>
        {passwordField}
        <Box>
          <Button type="submit" variant="contained" disabled={busy || !password} data-testid="totp-start">
            {translate('admin.security.start')}
          </Button>
        </Box>
      </Stack>
    );

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="admin.security.title" />
      <CardContent>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {translate('admin.security.twoFactor')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="security-error">
            {error}
          </Alert>
        )}
        {body}
      </CardContent>
    </Card>
  );
}
