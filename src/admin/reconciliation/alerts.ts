// The unexplained differences of the last 30 days (GET reconciliation/alerts), asked every minute
// for administrators only (the route is theirs): the menu's red badge and the page's warning.
import { useEffect, useState } from 'react';
import { useDataProvider, usePermissions } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider';

export const ALERT_POLL_MS = 60_000;

export function useReconciliationAlerts(): { differences: number; days: number } | null {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { permissions } = usePermissions<string | null>();
  const [alerts, setAlerts] = useState<{ differences: number; days: number } | null>(null);
  const admin = permissions === 'ADMIN';
  useEffect(() => {
    if (!admin) return;
    const ctl = new AbortController();
    const ask = () =>
      dataProvider.reconciliationAlerts(ctl.signal).then(
        (r) => setAlerts({ differences: r.data.differences, days: r.data.days }),
        () => undefined,
      );
    void ask();
    const timer = setInterval(() => void ask(), ALERT_POLL_MS);
    return () => {
      ctl.abort();
      clearInterval(timer);
    };
  }, [admin, dataProvider]);
  return admin ? alerts : null;
}
