import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { activateLanguage, detectLanguage } from './i18n/i18n';
import { captureQuery, SENSITIVE_PARAMS } from './routes/capture-query';
import { createRouter } from './routes/router';

activateLanguage(detectLanguage(), false);

// Link data is stored before any guard redirects; confirmation secrets then leave the address bar.
if (captureQuery(window.location.pathname, window.location.search)) {
  const url = new URL(window.location.href);
  for (const name of SENSITIVE_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url);
}

// The router starts from the cleaned address.
const router = createRouter();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
