// Entry of `npm run dev:mock` (vite.config.ts swaps it in): start msw, then the player app.
import { startMockWorker } from './browser';

await startMockWorker();
await import('../src/player/main');
