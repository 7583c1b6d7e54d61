import { assignmentsEndpoints } from '@campus/domain/assignments/assignments.endpoints';
import { authEndpoints } from '@campus/domain/auth/auth.endpoints';
import type { Announcement } from '@campus/domain/home/home.contract';
import { filesEndpoints } from '@campus/domain/files/files.endpoints';
import { homeEndpoints } from '@campus/domain/home/home.endpoints';
import { productsEndpoints } from '@campus/domain/products/products.endpoints';
import { profileEndpoints } from '@campus/domain/profile/profile.endpoints';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { greenfieldStudent, storeSession } from '../test/fixtures.ts';
import { server } from '../test/server.ts';
import { ApiError, apiRequest, baseHeaders, call, endpointUrl, onForbidden, requestTimeoutMs } from './api-client.ts';
import { earlyCallTtlMs, startEarlyCall } from './early-calls.ts';
import { fakeTimeouts } from '../test/timers.ts';

describe('apiRequest', () => {
  it('sends the Source and time-zone headers the spec asks for', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get('*/api/v1/ping', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('/api/v1/ping');
    expect(headers?.get('source')).toBe('WEB');
    expect(headers?.get('x-time-zone')).toBeTruthy();
  });

  it('sends the signed-in session’s credential as Authorization', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/ping', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ ok: true });
      }),
    );
    await apiRequest('/api/v1/ping');
    const session = greenfieldStudent();
    storeSession(session);
    await apiRequest('/api/v1/ping');
    await apiRequest('/api/v1/ping', { auth: false });
    await apiRequest('/api/v1/ping', { headers: { Authorization: 'other-credential' } });
    expect(seen).toEqual([null, session.student_auth, null, 'other-credential']);
  });

  it('keeps the server message as sent, blank included', async () => {
    server.use(
      http.post('*/api/v1/ping', () => HttpResponse.json({ code: 'BAD_REQUEST', message: '' }, { status: 400 })),
    );
    await expect(apiRequest('/api/v1/ping', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      message: 'Bad Request',
      serverMessage: '',
    });
  });

  it('shows the server message when one comes', async () => {
    server.use(
      http.get('*/api/v1/ping', () =>
        HttpResponse.json({ code: 'BAD_REQUEST', message: 'Invailid Login Details' }, { status: 400 }),
      ),
    );
    await expect(apiRequest('/api/v1/ping')).rejects.toMatchObject({ status: 400, message: 'Invailid Login Details' });
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
    [502, 'Something went wrong! Please try after sometime.'],
  ])('falls back to the catalogue for %i without a message', async (status, message) => {
    server.use(http.get('*/api/v1/ping', () => new HttpResponse('oops', { status })));
    await expect(apiRequest('/api/v1/ping')).rejects.toMatchObject({ status, message });
  });

  it('reads a failed connection as no internet', async () => {
    server.use(http.get('*/api/v1/ping', () => HttpResponse.error()));
    await expect(apiRequest('/api/v1/ping')).rejects.toMatchObject({
      status: null,
      message: 'Please check your internet connection!',
    });
  });

  it('forces a logout with the server message on 403', async () => {
    const listener = vi.fn();
    const unsubscribe = onForbidden(listener);
    server.use(
      http.get('*/api/v1/ping', () =>
        HttpResponse.json({ code: 'FORBIDDEN', message: 'Your session has ended' }, { status: 403 }),
      ),
    );
    await expect(apiRequest('/api/v1/ping')).rejects.toMatchObject({ status: 403 });
    expect(listener).toHaveBeenCalledWith('Your session has ended');
    unsubscribe();
  });

  it('does not log out for a 403 to a credential the session has since replaced (a parent switched child)', async () => {
    const listener = vi.fn();
    const unsubscribe = onForbidden(listener);
    storeSession(greenfieldStudent({ student_auth: 'old-credential' }));
    server.use(
      http.get('*/api/v1/ping', async () => {
        // The switch answers while this request is on its way: the app now holds the new session.
        storeSession(greenfieldStudent({ student_auth: 'new-credential' }));
        return HttpResponse.json({ code: 'FORBIDDEN', message: 'You have been logged out' }, { status: 403 });
      }),
    );
    await expect(apiRequest('/api/v1/ping')).rejects.toMatchObject({ status: 403 });
    expect(listener).not.toHaveBeenCalled();
    // A refusal of the session's own credential still logs out.
    await expect(apiRequest('/api/v1/ping')).rejects.toMatchObject({ status: 403 });
    expect(listener).toHaveBeenCalledWith('You have been logged out');
    unsubscribe();
  });
});

describe('call', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('fills the path’s parameters, each one URL-encoded', async () => {
    let url: URL | undefined;
    server.use(
      http.get('*/api/v1/files/:token', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ ok: true });
      }),
    );
    await call(filesEndpoints.file, { params: { token: 'a b/c?d' }, query: {} });
    expect(url?.pathname).toBe('/api/v1/files/a%20b%2Fc%3Fd');
  });

  it('encodes the query in the order given and leaves out values that are not set', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/:instituteId', ({ request }) => {
        const url = new URL(request.url);
        seen.push(`${url.pathname}${url.search}`);
        return HttpResponse.json({ data: { result: [] } });
      }),
    );
    const answer = await call(homeEndpoints.announcements, {
      params: { instituteId: 1 },
      query: { is_active: 'true', student_id: 5001 },
    });
    await call(homeEndpoints.announcements, { params: { instituteId: 7 }, query: { student_id: undefined } });
    expect(answer).toEqual({ data: { result: [] } });
    expectTypeOf(answer.data.result).toEqualTypeOf<Announcement[]>();
    expect(seen).toEqual([
      '/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/1?is_active=true&student_id=5001',
      '/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/7',
    ]);
  });

  it('sends the method and JSON body the descriptor names', async () => {
    let received: { method: string; type: string | null; body: unknown } | undefined;
    server.use(
      http.put('*/api/v1/profiles/update/:instituteId/:userId', async ({ request, params }) => {
        received = { method: request.method, type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ statusCode: 200, message: `saved for ${params.userId as string}` });
      }),
    );
    const answer = await call(profileEndpoints.update, {
      params: { institute_id: 1, user_id: 101 },
      body: { address: 'Pune' },
    });
    expect(received).toEqual({ method: 'PUT', type: 'application/json', body: { address: 'Pune' } });
    expect(answer).toEqual({ statusCode: 200, message: 'saved for 101' });
  });

  it('sends each service to its own base address; the page’s origin by default', () => {
    expect(endpointUrl(productsEndpoints.myProducts)).toBe('/prod/student-product/my-products');
    vi.stubEnv('VITE_MAIN_API_BASE', 'https://main.example.test/');
    vi.stubEnv('VITE_PRODUCT_API_BASE', 'https://shop.example.test/v2');
    expect(endpointUrl(productsEndpoints.myProducts)).toBe(
      'https://shop.example.test/v2/prod/student-product/my-products',
    );
    expect(endpointUrl(homeEndpoints.banners, { params: { userType: 1 } })).toBe(
      'https://main.example.test/api/v1/banner-prom/for_student/1',
    );
  });

  it('calls the product service at its base address', async () => {
    vi.stubEnv('VITE_PRODUCT_API_BASE', 'https://shop.example.test');
    const seen: string[] = [];
    server.use(
      http.get('https://shop.example.test/prod/student-product/item-type-description/:id', ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({ statusCode: 200, message: 'OK', result: [] });
      }),
    );
    await call(productsEndpoints.itemTypes, { params: { id: 3 }, headers: { 'x-prod-inst-id': 1 } });
    expect(seen).toEqual(['https://shop.example.test/prod/student-product/item-type-description/3']);
  });

  it('merges the endpoint’s headers with the ones every call carries', async () => {
    const session = greenfieldStudent();
    storeSession(session);
    const seen: Record<string, string | null>[] = [];
    server.use(
      http.get('*/prod/student-product/my-products', ({ request }) => {
        const header = (name: string) => request.headers.get(name);
        seen.push({
          source: header('source'),
          zone: header('x-time-zone'),
          authorization: header('authorization'),
          user: header('x-prod-user-id'),
          institute: header('x-prod-inst-id'),
        });
        return HttpResponse.json({ statusCode: 200, message: 'OK', result: [] });
      }),
    );
    const headers = { 'x-prod-user-id': 101, 'x-prod-inst-id': 1 };
    await call(productsEndpoints.myProducts, { headers });
    await call(productsEndpoints.myProducts, { headers }, { auth: false });
    await call(productsEndpoints.myProducts, { headers }, { authorization: 'fresh-credential' });
    const common = {
      source: 'WEB',
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      user: '101',
      institute: '1',
    };
    expect(seen).toEqual([
      { ...common, authorization: session.student_auth },
      { ...common, authorization: null },
      { ...common, authorization: 'fresh-credential' },
    ]);
  });

  it('turns a refusal into ApiError with the server’s message, as sent', async () => {
    server.use(
      http.post('*/api/v2/user/v3/login', () =>
        HttpResponse.json({ code: 'BAD_REQUEST', message: '' }, { status: 400 }),
      ),
    );
    const failure = await call(authEndpoints.login, {
      body: { user_name: 'a', password: 'b', device_id: 'c' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, message: 'Bad Request', serverMessage: '' });
  });

  it('forces a logout on 403 and reads a dropped connection as no internet', async () => {
    const listener = vi.fn();
    const unsubscribe = onForbidden(listener);
    server.use(
      http.get('*/api/v1/banner-prom/for_student/:userType', ({ params }) =>
        params.userType === '1'
          ? HttpResponse.json({ code: 'FORBIDDEN', message: 'Your session has ended' }, { status: 403 })
          : HttpResponse.error(),
      ),
    );
    await expect(call(homeEndpoints.banners, { params: { userType: 1 } })).rejects.toMatchObject({ status: 403 });
    expect(listener).toHaveBeenCalledWith('Your session has ended');
    await expect(call(homeEndpoints.banners, { params: { userType: 2 } })).rejects.toMatchObject({
      status: null,
      message: 'Please check your internet connection!',
    });
    unsubscribe();
  });

  it('passes the caller’s abort on as it is', async () => {
    server.use(http.get('*/api/v1/banner-prom/for_student/:userType', () => HttpResponse.json({})));
    const controller = new AbortController();
    controller.abort();
    const failure = await call(homeEndpoints.banners, { params: { userType: 1 } }, { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DOMException);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });

  it('refuses a multipart endpoint, which its uploader sends', () => {
    expect(() => call(assignmentsEndpoints.update, {})).toThrow('assignments.update is multipart');
  });

  it('refuses a path with a parameter missing', () => {
    // @ts-expect-error the descriptor requires the parameter
    expect(() => call(homeEndpoints.banners, { params: {} })).toThrow('Missing path parameter userType');
  });
});

describe('the 5 s timeout of every call (spec part 1 §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a call that gets no answer within 5 s: no answer reads as the connection message', async () => {
    fakeTimeouts();
    server.use(
      http.get('*/api/v1/ping', async () => {
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    const settled = vi.fn();
    const outcome = apiRequest('/api/v1/ping').then(
      () => settled('answered'),
      (error: unknown) => settled(error),
    );
    await vi.advanceTimersByTimeAsync(requestTimeoutMs - 100);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await outcome;
    expect(settled).toHaveBeenCalledWith(
      expect.objectContaining({ status: null, message: 'Please check your internet connection!' }),
    );
    expect(settled.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
  });

  it('passes on a caller’s own abort rather than reading it as no answer', async () => {
    server.use(
      http.get('*/api/v1/ping', async () => {
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    const controller = new AbortController();
    const request = apiRequest('/api/v1/ping', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('answers the page’s boot script asked for early (lib/early-calls.ts)', () => {
  afterEach(() => {
    globalThis.campusEarlyCalls = undefined;
    vi.useRealTimers();
  });

  /** Answers /api/v1/ping with the number of the request, counting them. */
  function countPings() {
    let count = 0;
    server.use(http.get('*/api/v1/ping', () => HttpResponse.json({ ping: ++count })));
    return () => count;
  }

  it('takes the early answer instead of asking again, once', async () => {
    storeSession(greenfieldStudent());
    const pings = countPings();
    startEarlyCall('/api/v1/ping', baseHeaders());
    expect(await apiRequest('/api/v1/ping')).toEqual({ ping: 1 });
    expect(pings()).toBe(1);
    // A refetch asks the server.
    expect(await apiRequest('/api/v1/ping')).toEqual({ ping: 2 });
  });

  it('does not take an answer asked with another credential, for another address, or grown stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    storeSession(greenfieldStudent());
    const pings = countPings();
    startEarlyCall('/api/v1/ping', { ...baseHeaders(), Authorization: 'someone-else' });
    startEarlyCall('/api/v1/ping?x=1', baseHeaders());
    await apiRequest('/api/v1/ping');
    expect(pings()).toBe(3);

    startEarlyCall('/api/v1/ping', baseHeaders());
    vi.setSystemTime(Date.now() + earlyCallTtlMs + 1);
    expect(await apiRequest('/api/v1/ping')).toEqual({ ping: 5 });
  });

  it('takes an early POST with the same body once, however old: it may not be sent twice (the panel’s launch)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Every request to the address counts, whatever its method: the server sees each launch token once.
    let opens = 0;
    server.use(
      http.all('*/api/v1/open', async ({ request }) =>
        HttpResponse.json({ opens: ++opens, got: await request.json().catch(() => null) }),
      ),
    );
    const headers = { ...baseHeaders(false), 'Content-Type': 'application/json' };
    startEarlyCall('/api/v1/open', headers, Date.now(), { method: 'POST', body: JSON.stringify({ token: 'a' }) });
    vi.setSystemTime(Date.now() + earlyCallTtlMs + 1);
    const options = { method: 'POST', auth: false } as const;
    expect(await apiRequest('/api/v1/open', { ...options, body: { token: 'a' } })).toEqual({
      opens: 1,
      got: { token: 'a' },
    });
    // Another body is another request.
    expect(await apiRequest('/api/v1/open', { ...options, body: { token: 'b' } })).toEqual({
      opens: 2,
      got: { token: 'b' },
    });
  });

  it('takes an early POST that only reads (the timetable’s month) while fresh, as a GET', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    storeSession(greenfieldStudent());
    let months = 0;
    server.use(http.post('*/api/v1/month', () => HttpResponse.json({ month: ++months })));
    const headers = { ...baseHeaders(), 'Content-Type': 'application/json' };
    const early = { method: 'POST', body: JSON.stringify({ month: 11 }), readOnly: true };
    startEarlyCall('/api/v1/month', headers, Date.now(), early);
    expect(await apiRequest('/api/v1/month', { method: 'POST', body: { month: 11 } })).toEqual({ month: 1 });
    expect(months).toBe(1);

    startEarlyCall('/api/v1/month', headers, Date.now(), early);
    vi.setSystemTime(Date.now() + earlyCallTtlMs + 1);
    expect(await apiRequest('/api/v1/month', { method: 'POST', body: { month: 11 } })).toEqual({ month: 3 });
  });

  it('an early call that failed reads as no answer', async () => {
    storeSession(greenfieldStudent());
    server.use(http.get('*/api/v1/ping', () => HttpResponse.error()));
    startEarlyCall('/api/v1/ping', baseHeaders());
    const failure: unknown = await apiRequest('/api/v1/ping').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: null });
  });

  it('an early call still unanswered gets the same 5 s as any call', async () => {
    fakeTimeouts();
    storeSession(greenfieldStudent());
    server.use(
      http.get('*/api/v1/ping', async () => {
        await delay('infinite');
        return HttpResponse.json({ ok: true });
      }),
    );
    startEarlyCall('/api/v1/ping', baseHeaders());
    const settled = vi.fn();
    const outcome = apiRequest('/api/v1/ping').then(
      () => settled('answered'),
      (error: unknown) => settled(error),
    );
    await vi.advanceTimersByTimeAsync(requestTimeoutMs - 100);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await outcome;
    expect(settled.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ status: null }));
  });
});
