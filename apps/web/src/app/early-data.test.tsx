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
import { shellAreas } from '../lib/shell-areas.ts';
import { earlyAreas, earlyRequests, earlyRoutes } from './early-data.ts';

/** Every request the app sends while the test runs: its method, address inside the origin, headers and body. */
function recordRequests() {
  const sent: { method: string; url: string; headers: Record<string, string>; body: string | undefined }[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const entry = {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      body: undefined as string | undefined,
    };
    sent.push(entry);
    if (request.method !== 'GET')
      void request
        .clone()
        .text()
        .then((body) => (entry.body = body));
  };
  server.events.on('request:start', record);
  return { sent, stop: () => server.events.removeListener('request:start', record) };
}

const buyer = () => apexStudent({ user_id: 203, user_type: 99, student_id: null, stud_id: null });

const routes = [
  '/dashboard',
  '/announcement',
  '/Messages',
  '/product',
  '/product/7',
  '/Profile',
  '/exam',
  '/timetable',
];

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
  )('%s for %s: only requests its screen sends itself, with the same headers and body', async (path, _, session) => {
    storeSession(session);
    const early = earlyRequests(path, getSession(), new Date());
    const view = renderRoute(path);
    // Each one is sent by the app itself, with the same method, address, headers and body (so the app takes the
    // early answer).
    for (const request of early) {
      await waitFor(() =>
        expect(recorder.sent.map((sent) => [sent.method, sent.url, normalise(sent.headers), sent.body])).toContainEqual(
          [request.method ?? 'GET', request.url, normalise(request.headers), request.body],
        ),
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

describe('the early requests gate', () => {
  it('knows the area of every route it starts requests for, so the menu gate of that route applies', () => {
    const pagesOf = (areas: typeof shellAreas) =>
      new Set(areas.flatMap((area) => Object.values(area.pages)).map((page) => page.toLowerCase()));
    const early = pagesOf(earlyAreas);
    expect(earlyRoutes().filter((route) => !early.has(route.toLowerCase()))).toEqual([]);
    // The areas it names are the app's own declarations, not copies.
    expect(earlyAreas.every((area) => shellAreas.includes(area))).toBe(true);
  });
});
