// Only what the public pages (sign-in, error page) draw; the signed-in shell and the login popups load the full
// stylesheet with their own chunks, so 250 KB of CSS no longer blocks the first paint.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { publicPages } from '@campus/domain/shell/pages';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { signInScreens } from './app/router.tsx';

// Start-up adds the base path when the address lacks it (spec part 1 §2); the server redirects too.
if (!window.location.pathname.startsWith('/my-account')) {
  window.history.replaceState(null, '', `/my-account${window.location.pathname}${window.location.search}`);
}

// The sign-in pages' screens are a file of their own (app/router.tsx): fetched now, beside the entry's evaluation.
const page = window.location.pathname.replace(/^\/my-account/, '').toLowerCase();
if (page === '' || page === publicPages.signIn || page === publicPages.tokenLogin.toLowerCase()) {
  void signInScreens().catch(() => undefined);
}

// A transition, so React renders the app in slices of a few milliseconds and yields between them: a slow phone
// stays responsive to taps while the shell and the first screen are built (TBT), and the page's own markup (logo,
// banner) stays up until the app is ready to replace it.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
