/**
 * Word between the panel windows of one browser (BroadcastChannel): a window that has just read its attempt from
 * the server says so, and an older window of the same attempt, which a Resume there replaced, asks the server at
 * once instead of at its next save, so it stops before another answer is given there (issue 27 item 4). The
 * server decides: a message only prompts the check. Windows sharing a credential (a duplicated tab) ignore each
 * other.
 */
const channelName = 'campus-exam-panel';

interface Opened {
  attemptKey: string;
  /** A short fingerprint of the window's credential, not the credential. */
  tag: string;
}

/** FNV-1a: tells two credentials apart without handing one to another window. */
function tagOf(credential: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < credential.length; index += 1) {
    hash ^= credential.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

const supported = () => typeof BroadcastChannel !== 'undefined';

/** Tells the other windows that this one holds the attempt (it has just read it with its credential). */
export function announceOpened(attemptKey: string, credential: string) {
  if (!supported()) return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage({ attemptKey, tag: tagOf(credential) } satisfies Opened);
  channel.close();
}

/** Calls `check` when another window, with another credential, says it has opened the same attempt. */
export function onOpenedElsewhere(attemptKey: string, credential: string, check: () => void): () => void {
  if (!supported()) return () => undefined;
  const channel = new BroadcastChannel(channelName);
  const mine = tagOf(credential);
  channel.onmessage = (event: MessageEvent<Opened>) => {
    if (event.data?.attemptKey === attemptKey && event.data.tag !== mine) check();
  };
  return () => channel.close();
}
