import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';
import { createPlayerI18n, loadPlayerLanguage } from './i18n';

// `npm run dev:mock` loads mocks/main.tsx instead (vite.config.ts swaps the entry in mock mode):
// it starts the msw worker and then imports this file, so src/ never imports mocks/.
const i18n = createPlayerI18n();
// English comes with the page; another detected language's strings are fetched before the first render.
await loadPlayerLanguage(i18n, i18n.language);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
