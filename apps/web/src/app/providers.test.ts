import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { createQueryClient } from './providers.tsx';

/** Fetches once through the app's query client with a call that fails with `error`; answers how often it was asked. */
async function timesAsked(error: Error) {
  let asked = 0;
  const query = createQueryClient().fetchQuery({
    queryKey: ['call'],
    queryFn: () => {
      asked += 1;
      return Promise.reject(error);
    },
  });
  const outcome = expect(query).rejects.toBe(error);
  // Past the one retry's delay (React Query's first: a second).
  await vi.advanceTimersByTimeAsync(5_000);
  await outcome;
  return asked;
}

describe('the app’s query client: which failed calls are asked again', () => {
  afterEach(() => vi.useRealTimers());

  it('asks again once where another try may answer: no answer, a server failure, a timeout, too many requests', async () => {
    vi.useFakeTimers();
    expect(await timesAsked(new ApiError(null, 'Network error'))).toBe(2);
    expect(await timesAsked(new ApiError(500, 'Internal Server Error'))).toBe(2);
    expect(await timesAsked(new ApiError(408, 'Request Timeout'))).toBe(2);
    expect(await timesAsked(new ApiError(429, 'Too Many Requests'))).toBe(2);
  });

  it('does not ask again when the server refused (4xx): the screen shows its message at once', async () => {
    vi.useFakeTimers();
    expect(await timesAsked(new ApiError(400, 'Please assign course!'))).toBe(1);
    expect(await timesAsked(new ApiError(403, 'You have been logged out. Please login again.'))).toBe(1);
    expect(await timesAsked(new ApiError(404, 'Not Found'))).toBe(1);
  });

  it('asks nothing again offline', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await timesAsked(new ApiError(null, 'Network error'))).toBe(1);
    vi.restoreAllMocks();
  });
});
