import { useEffect, useRef } from 'react';

/** The first retry after a failure, doubling up to the last (ms). */
const firstRetryMs = 2_000;
const lastRetryMs = 30_000;

/**
 * While `waiting`, calls `reconnect` as soon as the browser says it is online and on a backoff (2 s doubling to
 * 30 s), for a connection that returns without an `online` event; stops once the caller stops waiting.
 */
export function useReconnect(waiting: boolean, reconnect: () => void) {
  const latest = useRef(reconnect);
  useEffect(() => {
    latest.current = reconnect;
  }, [reconnect]);

  useEffect(() => {
    if (!waiting) return;
    let delay = firstRetryMs;
    let timer: number | undefined;
    const schedule = () => {
      timer = window.setTimeout(() => {
        delay = Math.min(delay * 2, lastRetryMs);
        schedule();
        latest.current();
      }, delay);
    };
    const online = () => {
      window.clearTimeout(timer);
      delay = firstRetryMs;
      schedule();
      latest.current();
    };
    window.addEventListener('online', online);
    schedule();
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [waiting]);
}
