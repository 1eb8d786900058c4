import { lazy } from 'react';

/** The dashboard page, in its own chunk with @mui/x-charts. */
export const Dashboard = lazy(() => import('./Dashboard'));
