// The panel runs in a window of its own; the desk's tab learns of a submit through this channel, so its cards do
// not keep offering Start or Resume for a test just submitted (issue 27 item 6).

/** The channel's name: one per origin, shared by the desk's tabs and the panel's windows. */
const channelName = 'campus-exam-desk';

/** What the panel reports. */
export interface DeskMessage {
  type: 'submitted';
  test_id: number;
}

/** Tells every desk tab of this origin that a test was submitted (nothing where BroadcastChannel is missing). */
export function announceSubmitted(testId: number) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage({ type: 'submitted', test_id: testId } satisfies DeskMessage);
  channel.close();
}

/** Calls `onSubmitted` whenever a panel window reports a submit; answers the function that stops listening. */
export function onSubmitted(onSubmitted: (testId: number) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = (event: MessageEvent<DeskMessage>) => {
    if (event.data?.type === 'submitted') onSubmitted(event.data.test_id);
  };
  return () => channel.close();
}
