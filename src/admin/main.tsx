// Entry of admin.html (a separate Vite input: the player bundle never carries this code).
// The start is evaluated in stages (./boot), each ending in a top-level await of the next task: the
// bundle's modules run in this order, so a phone gets several tasks of about 100 ms instead of one
// of 700 to 900 ms, and can paint and take input between them (issue 32).
import './boot/1-react-dom';
import './boot/1-router';
import './boot/2-contract-users';
import './boot/2-contract-areas';
import './boot/2-contract-routes';
import './boot/3-mui';
import './boot/4-ra-core';
import './boot/5-ra-ui';
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
