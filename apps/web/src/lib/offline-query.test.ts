import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { greenfieldStudent, storeSession } from '../test/fixtures.ts';
import { offlineNoticeText } from '../components/offline-notice.tsx';
import { ApiError } from './api-client.ts';
import { keepOffline, useOfflineSince } from './offline-query.ts';
import { offlineKey, offlineOwner, readOffline } from './offline-store.ts';
import { clearSession } from './session.ts';

const noAnswer = () => new ApiError(null, 'Network Error');

/** A query whose answers the test decides, one call at a time. */
function scripted(answers: (() => unknown)[]) {
  let call = 0;
  return keepOffline({
    queryKey: ['test', 'list'] as const,
    queryFn: async () => answers[call++]!(),
  });
}

const run = (query: { queryFn: unknown }) => (query.queryFn as (context: unknown) => Promise<unknown>)({});

describe('keepOffline', () => {
  it('keeps each answer under the signed-in user and shows it when a later call gets no answer', async () => {
    storeSession(greenfieldStudent());
    const query = scripted([
      () => ({ items: [1, 2] }),
      () => {
        throw noAnswer();
      },
    ]);
    expect(await run(query)).toEqual({ items: [1, 2] });
    expect(await run(query)).toEqual({ items: [1, 2] });
    clearSession();
  });

  it('passes on an answered failure (a 404) instead of showing the kept copy', async () => {
    storeSession(greenfieldStudent());
    const query = scripted([
      () => ({ items: [1] }),
      () => {
        throw new ApiError(404, 'Not Found');
      },
    ]);
    await run(query);
    await expect(run(query)).rejects.toMatchObject({ status: 404 });
    clearSession();
  });

  it('never shows one user the answers kept for another, and logout forgets them all', async () => {
    const student = greenfieldStudent();
    storeSession(student);
    await run(scripted([() => ({ items: ['student'] })]));
    const studentKey = offlineKey(offlineOwner(student), ['test', 'list']);
    await expect.poll(() => readOffline(studentKey)).toBeDefined();

    // The parent viewing the same child carries the child's user id: still another owner.
    storeSession({ ...student, parentslogin: true, parent_id: 900, user_type: 2 });
    const offline = scripted([
      () => {
        throw noAnswer();
      },
    ]);
    await expect(run(offline)).rejects.toBeInstanceOf(ApiError);

    clearSession();
    await expect.poll(() => readOffline(studentKey)).toBeUndefined();
  });
});

describe('keepOffline going back online (issue 27 item 8)', () => {
  it('asks again by itself when the browser is back online, and the offline mark goes with the fresh answer', async () => {
    const student = greenfieldStudent();
    storeSession(student);
    let online = true;
    let calls = 0;
    const query = keepOffline({
      queryKey: ['test', 'recovering'] as const,
      queryFn: async () => {
        calls += 1;
        if (!online) throw noAnswer();
        return { call: calls };
      },
      // Fresh for long: nothing but the recovery would ask again.
      staleTime: 60 * 60_000,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const mark = renderHook(() => useOfflineSince(student));
    await client.fetchQuery(query);
    online = false;
    await client.refetchQueries({ queryKey: query.queryKey });
    expect(client.getQueryData(query.queryKey)).toEqual({ call: 1 });
    await waitFor(() => expect(mark.result.current).not.toBeNull());

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(client.getQueryData(query.queryKey)).toEqual({ call: 3 }));
    await waitFor(() => expect(mark.result.current).toBeNull());
    client.clear();
    clearSession();
  });
});

describe('keepOffline going back online without an online event', () => {
  it('asks again on a backoff: a server that did not answer in time is asked after 5 s', async () => {
    vi.useFakeTimers();
    try {
      storeSession(greenfieldStudent());
      let answering = true;
      let calls = 0;
      const query = keepOffline({
        queryKey: ['test', 'backoff'] as const,
        queryFn: async () => {
          calls += 1;
          if (!answering) throw noAnswer();
          return { call: calls };
        },
        staleTime: 60 * 60_000,
      });
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await client.fetchQuery(query);
      answering = false;
      await client.refetchQueries({ queryKey: query.queryKey });
      expect(client.getQueryData(query.queryKey)).toEqual({ call: 1 });

      answering = true;
      await vi.advanceTimersByTimeAsync(4_999);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(client.getQueryData(query.queryKey)).toEqual({ call: 3 }));
      client.clear();
      clearSession();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('offlineNoticeText', () => {
  it('says the data is offline and when it was fetched, in the local time', () => {
    expect(offlineNoticeText(new Date(2026, 10, 23, 16, 5).getTime())).toBe(
      'Offline · showing data from 23 Nov 2026, 04:05 PM',
    );
    expect(offlineNoticeText(new Date(2026, 0, 2, 0, 30).getTime())).toBe(
      'Offline · showing data from 02 Jan 2026, 12:30 AM',
    );
  });
});
