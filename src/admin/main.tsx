// Entry of admin.html (a separate Vite input: the player bundle never carries this code).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAuthProvider } from './auth/authProvider';
import { createDataProvider } from './dataProvider';
import { createI18nProvider } from './i18n';
import { BrowserRoot } from './Root';

const authProvider = createAuthProvider();
const dataProvider = createDataProvider();
const i18nProvider = createI18nProvider();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRoot authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} />
  </StrictMode>,
);
