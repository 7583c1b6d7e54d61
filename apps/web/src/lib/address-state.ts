import { useSearchParams } from 'react-router';

/**
 * A piece of a screen's state kept in the address's query (issue 26): a reload, Back and Forward, and a shared
 * link land where the user was. The address is the only copy, so Back and Forward change it too. `read` turns the
 * parameter (null when absent or unknown) into the value; `write` answers the parameter for a value, or null to
 * leave it out (the default). Changes replace the entry: switching a tab is not a step Back has to undo.
 */
export function useAddressParam<T>(
  name: string,
  read: (raw: string | null) => T,
  write: (value: T) => string | null,
): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: T) =>
    void setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const raw = write(next);
        if (raw === null) updated.delete(name);
        else updated.set(name, raw);
        return updated;
      },
      { replace: true },
    );
  return [read(params.get(name)), set];
}
