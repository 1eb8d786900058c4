import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BANKS, PatchMeBody } from '../../shared/api';
import { api } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/Notify';
import { useFormat } from '../hooks/useLang';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { PasswordField } from '../auth/PasswordField';
import { useErrorDetail } from '../auth/useErrorDetail';
import { isApiError } from '../../shared/http';
import { usePayoutHold } from './payoutHold';
import { EmailConfirmationNotice } from './EmailConfirmation';
import AvatarPicker from './AvatarPicker';

type Fields = {
  email: string;
  bank: string;
  accountNumber: string;
  currentPassword: string;
  password: string;
  confirmPassword: string;
};

/**
 * Profile edit (PATCH /me): the avatar (its own section, saved on its own), then e-mail, bank
 * details and a new password, each needing the current password. A new bank account starts a
 * cooling-off time: the form says from when withdrawals to it are possible.
 */
export default function AccountTab() {
  const { t } = useTranslation();
  const { lang, dateTime } = useFormat();
  const hold = usePayoutHold();
  const { userInfo, refreshUser } = useAuth();
  const notify = useNotify();
  const detail = useErrorDetail();
  const blank = (): Fields => ({
    email: userInfo?.email ?? '',
    bank: userInfo?.bank ?? '',
    accountNumber: userInfo?.accountNumber ?? '',
    currentPassword: '',
    password: '',
    confirmPassword: '',
  });
  const [f, setF] = useState<Fields>(blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset the form when the stored details change
  useEffect(() => setF(blank()), [userInfo?.email, userInfo?.bank, userInfo?.accountNumber]);
  const set = (k: keyof Fields) => (v: string) => setF((s) => ({ ...s, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body: Record<string, string> = {};
    if (f.email.trim() !== userInfo?.email) body.email = f.email.trim();
    if (f.bank !== userInfo?.bank) body.bank = f.bank;
    if (f.accountNumber.trim() !== userInfo?.accountNumber) body.accountNumber = f.accountNumber.trim();
    if (f.password) {
      body.password = f.password;
      body.confirmPassword = f.confirmPassword;
    }
    // Every change here (e-mail, bank details, password) needs the current password.
    const changes = Object.keys(body).length > 0;
    if (changes) body.currentPassword = f.currentPassword;
    const errs: Partial<Record<keyof Fields, string>> = {};
    if (changes && !f.currentPassword) errs.currentPassword = t(f.password ? 'account.currentRequired' : 'account.currentRequiredChanges');
    const parsed = PatchMeBody.safeParse(body);
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const k = i.path[0] as keyof Fields;
        if (!errs[k]) errs[k] = k === 'currentPassword' ? t('account.currentRequired') : t(`register.errors.${k}`);
      }
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    if (!changes) {
      notify(t('account.nothingChanged'), 'info');
      return;
    }
    setBusy(true);
    try {
      await api.patchMe(parsed.data as PatchMeBody);
      notify(t('account.saved'), 'success');
      setF((s) => ({ ...s, currentPassword: '', password: '', confirmPassword: '' }));
      await refreshUser();
    } catch (err) {
      const msg = detail(err) ?? t('withdraw.unknownError');
      if (isApiError(err) && err.code === 'WRONG_PASSWORD') setErrors({ currentPassword: msg });
      setFormError(msg);
      notify(msg, 'error');
    } finally {
      setBusy(false);
    }
  };

  if (!userInfo) return null;
  return (
    <>
      <AvatarPicker />
      <Box component="form" onSubmit={submit} noValidate data-testid="account-form" sx={{ maxWidth: 520 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('account.username')}: <b>{userInfo.username}</b> · {t('account.memberSince')} {dateTime(userInfo.createdAt)}
        </Typography>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Stack spacing={0.5}>
          <TextField
            label={t('auth.email')}
            name="email"
            type="email"
            value={f.email}
            onChange={(e) => set('email')(e.target.value)}
            error={!!errors.email}
            helperText={errors.email || ' '}
            fullWidth
          />
          <EmailConfirmationNotice />
          <TextField
            select
            label={t('auth.bank')}
            name="bank"
            value={f.bank}
            onChange={(e) => set('bank')(e.target.value)}
            error={!!errors.bank}
            helperText={errors.bank || ' '}
            fullWidth
          >
            {BANKS.map((b) => (
              <MenuItem key={b.code} value={b.code}>
                {lang === 'mn' ? b.nameMn : b.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('auth.accountNumber')}
            name="accountNumber"
            value={f.accountNumber}
            onChange={(e) => set('accountNumber')(e.target.value)}
            error={!!errors.accountNumber}
            helperText={errors.accountNumber || ' '}
            fullWidth
          />
          {hold && (
            <Alert severity="info" sx={{ mb: 1.5 }} data-testid="payout-hold">
              {t('account.payoutHold', { date: dateTime(hold) })}
            </Alert>
          )}
          <Divider sx={{ my: 1 }}>{t('account.changePassword')}</Divider>
          <NewPasswordFields label={t('reset.newPassword')} values={f} onChange={set} errors={errors} />
          <Divider sx={{ my: 1 }} />
          <PasswordField
            label={t('account.currentPassword')}
            name="currentPassword"
            value={f.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
            autoComplete="current-password"
          />
          <Typography variant="caption" color="text.secondary" sx={{ mt: -0.5, mb: 1 }} data-testid="current-password-help">
            {t('account.currentPasswordHelp')}
          </Typography>
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="account-submit">
            {busy ? <CircularProgress size={24} color="inherit" /> : t('account.save')}
          </Button>
        </Stack>
      </Box>
    </>
  );
}
