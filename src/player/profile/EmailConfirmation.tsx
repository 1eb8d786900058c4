import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { api } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useNotify } from '../components/Notify';
import { useErrorDetail } from '../auth/useErrorDetail';

/** Under the e-mail field: "not confirmed yet", with a button that mails a new link. */
export function EmailConfirmationNotice() {
  const { t } = useTranslation();
  const { userInfo } = useAuth();
  const notify = useNotify();
  const detail = useErrorDetail();
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  if (!userInfo || userInfo.emailConfirmed !== false) return null;
  const resend = async () => {
    setState('busy');
    try {
      await api.resendConfirmation();
      setState('sent');
      notify(t('confirm.resent'), 'success');
    } catch (err) {
      setState('idle');
      notify(detail(err) ?? t('errors.network'), 'error');
    }
  };
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1.5 }}
      data-testid="email-unconfirmed"
      action={
        <Button color="inherit" size="small" onClick={resend} disabled={state !== 'idle'} data-testid="email-resend">
          {state === 'sent' ? t('confirm.resent') : t('confirm.resend')}
        </Button>
      }
    >
      {t('confirm.unconfirmed')}
    </Alert>
  );
}
