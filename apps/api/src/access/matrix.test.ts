import { routeKey } from '@campus/domain/shared/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { accessMatrix, allEndpoints } from './matrix.ts';

describe('the access matrix', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('names only routes that exist: every endpoint descriptor is served', () => {
    for (const entry of Object.keys(accessMatrix)) {
      const [method, url] = entry.split(' ') as [string, string];
      expect(app.hasRoute({ method: method as 'GET', url }), entry).toBe(true);
    }
  });

  it('gives every endpoint a unique id and a unique method and path', () => {
    expect(new Set(allEndpoints.map((endpoint) => endpoint.id)).size).toBe(allEndpoints.length);
    expect(new Set(allEndpoints.map(routeKey)).size).toBe(allEndpoints.length);
  });

  it('stops the server from starting when a route has no endpoint descriptor', async () => {
    const other = await createTestApp();
    expect(() => other.get('/api/v1/unlisted', async () => ({}))).toThrow(
      'Route GET /api/v1/unlisted has no endpoint descriptor',
    );
    await other.close();
  });
});
