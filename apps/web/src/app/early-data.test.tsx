import type { Session } from '@campus/domain/auth/auth.contract';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../lib/session.ts';
import {
  apexStudent,
  greenfieldParent,
  greenfieldStudent,
  mockBranding,
  storeSession,
  testDay,
} from '../test/fixtures.ts';
import { renderRoute } from '../test/render.tsx';
import { server } from '../test/server.ts';
import { earlyRequests } from './early-data.ts';

/** Every request the app sends while the test runs: its address inside the origin and its headers. */
function recordRequests() {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    sent.push({ url: `${url.pathname}${url.search}`, headers: Object.fromEntries(request.headers) });
  };
  server.events.on('request:start', record);
  return { sent, stop: () => server.events.removeListener('request:start', record) };
}

const buyer = () => apexStudent({ user_id: 203, user_type: 99, student_id: null, stud_id: null });

const routes = ['/dashboard', '/announcement', '/Messages', '/product', '/product/7', '/Profile', '/exam'];

describe('a route’s first requests, sent by the page’s boot script before the app loads', () => {
  let recorder: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(testDay(9));
    mockBranding();
    recorder = recordRequests();
  });
  afterEach(() => {
    recorder.stop();
    vi.useRealTimers();
  });

  it.each(
    routes.flatMap((path) => [
      [path, 'a student', greenfieldStudent()],
      [path, 'a parent', greenfieldParent()],
      [path, 'an open-course buyer', buyer()],
    ]) as [string, string, Session][],
  )('%s for %s: only requests its screen sends itself, with the same headers', async (path, _, session) => {
    storeSession(session);
    const early = earlyRequests(path, getSession(), new Date());
    const view = renderRoute(path);
    // Each one is sent by the app itself, with the same address and headers (so the app takes the early answer).
    for (const request of early) {
      await waitFor(() =>
        expect(recorder.sent.map((sent) => [sent.url, normalise(sent.headers)])).toContainEqual([
          request.url,
          normalise(request.headers),
        ]),
      );
    }
    view.unmount();
  });

  it('sends something on each of these routes for a student', () => {
    storeSession(greenfieldStudent());
    for (const path of routes) expect(earlyRequests(path, getSession(), new Date()).length, path).toBeGreaterThan(0);
  });

  it('sends nothing without a session, for yesterday’s session, or for a screen the menu hides', () => {
    expect(earlyRequests('/dashboard', null, new Date())).toEqual([]);
    storeSession(greenfieldStudent());
    expect(earlyRequests('/dashboard', getSession(), new Date(2026, 10, 22, 9))).toEqual([]);
    // An institute without online exams: no My Exam in the menu, and the router sends /exam to the dashboard.
    const student = greenfieldStudent();
    storeSession(greenfieldStudent({ inst_set_up: { ...student.inst_set_up, exam: 'OFFLINE' } }));
    expect(earlyRequests('/exam', getSession(), new Date())).toEqual([]);
  });
});

/** Header names as the browser sends them (lower case). */
const normalise = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
