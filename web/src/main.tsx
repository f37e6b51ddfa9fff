import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { activateLanguage, detectLanguage, i18n } from './i18n/i18n';
import { captureQuery, SENSITIVE_PARAMS } from './routes/capture-query';
import { createRouter } from './routes/router';

// Link data is stored before any guard redirects (a `?lang=` there becomes the preference);
// confirmation secrets then leave the address bar.
if (captureQuery(window.location.pathname, window.location.search)) {
  const url = new URL(window.location.href);
  for (const name of SENSITIVE_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url);
}

// The router starts from the cleaned address.
const router = createRouter();
const root = document.getElementById('root');

// Only the active language's catalog is downloaded; the first render waits for it. Should it fail
// to arrive, the app still renders (message ids instead of texts) rather than stay blank.
const lang = detectLanguage();
activateLanguage(lang, false)
  .catch((error: unknown) => {
    console.error('The language catalog did not load', error);
    if (!i18n.locale) i18n.activate(lang);
  })
  .finally(() => {
    if (!root) return;
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
