import { Alert, AlertTitle } from '@mui/material';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { keys, type Maintenance } from '../api';

/** Shown on every page while maintenance is on (`GET /user/maintenance`, re-checked each minute). */
export function MaintenanceBanner() {
  const { t } = useTranslation();
  const { data } = useSWR<Maintenance>(keys.maintenance, { refreshInterval: 60_000 });
  if (!data?.enabled) return null;
  return (
    <Alert severity="warning" data-testid="maintenance-banner" sx={{ borderRadius: 0 }}>
      <AlertTitle>{t('maintenance.title')}</AlertTitle>
      {data.message || t('maintenance.default')}
    </Alert>
  );
}
