import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

// Start-up adds the base path when the address lacks it (spec part 1 §2); the server redirects too.
if (!window.location.pathname.startsWith('/my-account')) {
  window.history.replaceState(null, '', `/my-account${window.location.pathname}${window.location.search}`);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
