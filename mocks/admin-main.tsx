// Entry of the back office under `npm run dev:mock` (vite.config.ts swaps it in for
// src/admin/main.tsx): start msw with the administrator handlers, then the back office.
import { startMockWorker } from './browser';

await startMockWorker('admin');
await import('../src/admin/main');
