import { useEffect, useRef, useState } from 'react';

/** The launch token from the address's fragment, removed from the address at once. */
function takeLaunchToken(): string | undefined {
  const token = window.location.hash.replace(/^#/, '');
  if (!token) return undefined;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return token;
}

/**
 * The credential of a window the desk opened (the panel, the read-only paper): the launch token in the address
 * exchanged once for it, kept under `storageKey` in this window only, so a reload resumes and no address carries
 * it. `failure` says why the exchange failed when the window has no credential either.
 */
export function useLaunchCredential(storageKey: string, exchange: (launchToken: string) => Promise<string>) {
  const [credential, setCredential] = useState<string | null>(() => sessionStorage.getItem(storageKey));
  const [failure, setFailure] = useState<string>();
  const launching = useRef(false);
  const exchangeOnce = useRef(exchange);

  useEffect(() => {
    const token = takeLaunchToken();
    if (!token || launching.current) return;
    launching.current = true;
    exchangeOnce
      .current(token)
      .then((next) => {
        sessionStorage.setItem(storageKey, next);
        setCredential(next);
      })
      .catch((error: unknown) => {
        // A reload after the token was used still has this window's credential.
        if (!sessionStorage.getItem(storageKey)) setFailure(error instanceof Error ? error.message : String(error));
      });
  }, [storageKey]);

  return { credential, failure };
}
