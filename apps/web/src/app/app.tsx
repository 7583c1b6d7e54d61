import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Favicon } from '../features/shell/components/favicon.tsx';
import { AppProviders, createQueryClient } from './providers.tsx';
import { AppRoutes, basename } from './router.tsx';

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
  useNoContextMenu();
  return (
    <AppProviders queryClient={queryClient}>
      <Favicon />
      <BrowserRouter basename={basename}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
