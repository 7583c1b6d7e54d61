import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Favicon } from '../features/shell/components/favicon.tsx';
import { AppProviders, createQueryClient } from './providers.tsx';
import { createRouter } from './router.tsx';

/** The right-click menu is disabled everywhere (spec part 1 §2). */
function useNoContextMenu() {
  useEffect(() => {
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, []);
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  useNoContextMenu();
  return (
    <AppProviders queryClient={queryClient}>
      <Favicon />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
