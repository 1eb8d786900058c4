// Mount point: the gate checks the stored token before anything of react-admin renders; anyone
// not signed in or not ADMIN goes to `/` (a full navigation: `/` is the player app).
import { startTransition, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { I18nProvider } from 'react-admin';
import { AdminApp, type AdminAppProps } from './App';

export type GateState = 'checking' | 'admin' | 'away';

export function AdminGate({ authProvider, children }: { authProvider: AdminAppProps['authProvider']; children: React.ReactNode }) {
  const [state, setState] = useState<GateState>('checking');
  useEffect(() => {
    let alive = true;
    // The back office's first render (react-admin, its layout, the list) is a transition: React
    // renders it in slices of a few ms rather than one task that blocks a phone for a second.
    authProvider.ensureAdmin().then(
      () => alive && startTransition(() => setState('admin')),
      () => alive && setState('away'),
    );
    return () => {
      alive = false;
    };
  }, [authProvider]);
  if (state !== 'admin') return <div data-testid="admin-gate" aria-busy={state === 'checking'} />;
  return <>{children}</>;
}

/** The first resource (App.tsx), the page /admin opens on: every staff role may list users. */
export const INDEX_PATH = '/admin/user';

/**
 * /admin → the user list, keeping the query (`?lng=mn`): react-admin's own index redirect drops
 * it, and a link to the back office in Mongolian would land in whatever language was stored.
 */
export function AdminIndex() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: INDEX_PATH, search, hash }} replace />;
}

export interface RootProps extends Omit<AdminAppProps, 'i18nProvider'> {
  i18nProvider: Promise<I18nProvider> | I18nProvider;
}

export function AdminRoot(props: RootProps) {
  const [i18nProvider, setI18nProvider] = useState<I18nProvider | null>(props.i18nProvider instanceof Promise ? null : props.i18nProvider);
  useEffect(() => {
    if (props.i18nProvider instanceof Promise) void props.i18nProvider.then((p) => startTransition(() => setI18nProvider(p)));
  }, [props.i18nProvider]);
  return (
    <AdminGate authProvider={props.authProvider}>
      {i18nProvider && (
        <Routes>
          <Route path="/admin" element={<AdminIndex />} />
          <Route path="/admin/*" element={<AdminApp {...props} i18nProvider={i18nProvider} />} />
        </Routes>
      )}
    </AdminGate>
  );
}

export function BrowserRoot(props: RootProps) {
  return (
    <BrowserRouter>
      <AdminRoot {...props} />
    </BrowserRouter>
  );
}
