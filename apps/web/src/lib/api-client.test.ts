import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { greenfieldStudent, storeSession } from '../test/fixtures.ts';
import { server } from '../test/server.ts';
import { apiRequest, onForbidden } from './api-client.ts';

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
});
