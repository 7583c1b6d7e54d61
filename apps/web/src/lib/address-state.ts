import { useSearchParams } from 'react-router';

/**
 * A piece of a screen's state kept in the address's query (issue 26): a reload, Back and Forward, and a shared
 * link land where the user was. The address is the only copy, so Back and Forward change it too. `read` turns the
 * parameter (null when absent or unknown) into the value; `write` answers the parameter for a value, or null to
 * leave it out (the default). Changes replace the entry: switching a tab is not a step Back has to undo. A change
 * that opens a new view (an exam's result from its list) passes `{ push: true }`, so the phone's Back returns to
 * where the user came from; the entry it adds carries `{ pushed: true }` as its history state, so a screen's own
 * Back button can tell a step it may undo (`isPushedEntry`) from an address opened by a link or a reload.
 */
export function useAddressParam<T>(
  name: string,
  read: (raw: string | null) => T,
  write: (value: T) => string | null,
): [T, (next: T, options?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: T, { push = false }: { push?: boolean } = {}) =>
    void setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const raw = write(next);
        if (raw === null) updated.delete(name);
        else updated.set(name, raw);
        return updated;
      },
      push ? { state: { pushed: true } } : { replace: true },
    );
  return [read(params.get(name)), set];
}

/**
 * Several pieces of a screen's state kept in the address together, for screens whose choices reset each other (a
 * new course clears the subject): `set` writes all its changes in one step — set one by one in the same event,
 * only the last would stay, as React Router's updates all start from the address of the last render. A null value
 * leaves the parameter out. Changes replace the entry, except with `push`: a step Back undoes (opening a file, so
 * Back closes it and Forward opens it again); `state` goes with the entry (the screen can tell it pushed it).
 */
export function useAddressParams<K extends string>(
  names: readonly K[],
): [
  Record<K, string | null>,
  (changes: Partial<Record<K, string | null>>, options?: { push?: boolean; state?: unknown }) => void,
] {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name)])) as Record<K, string | null>;
  const set = (changes: Partial<Record<K, string | null>>, options: { push?: boolean; state?: unknown } = {}) =>
    void setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [name, raw] of Object.entries(changes) as [K, string | null | undefined][]) {
          if (raw === null || raw === undefined) updated.delete(name);
          else updated.set(name, raw);
        }
        return updated;
      },
      { replace: !options.push, state: options.state },
    );
  return [values, set];
}

/** Whether the current history entry was added by a `{ push: true }` change (so Back stays on the screen). */
export const isPushedEntry = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { pushed?: unknown }).pushed === true;
