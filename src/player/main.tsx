import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { createPlayerI18n, loadPlayerLanguage } from './i18n';
import { registerServiceWorker } from './pwa/registerServiceWorker';

// `npm run dev:mock` loads mocks/main.tsx instead (vite.config.ts swaps the entry in mock mode):
// it starts the msw worker and then imports this file, so src/ never imports mocks/.
const i18n = createPlayerI18n();
// English comes with the page; another detected language's strings are fetched before the first render.
await loadPlayerLanguage(i18n, i18n.language);
const root = createRoot(document.getElementById('root')!);
// A transition renders in slices that yield to the browser every few ms: the first render is no
// longer one long task (Lighthouse's blocking time on a phone; docs/delivery.md).
startTransition(() => {
  root.render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
registerServiceWorker();
