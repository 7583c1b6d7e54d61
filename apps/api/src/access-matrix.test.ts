import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';
import { accessMatrix } from './access-matrix.ts';

describe('the access matrix', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('names only routes that exist', () => {
    for (const entry of Object.keys(accessMatrix)) {
      const [method, url] = entry.split(' ') as [string, string];
      expect(app.hasRoute({ method: method as 'GET', url }), entry).toBe(true);
    }
  });

  it('stops the server from starting when a route is missing from it', async () => {
    const other = await createTestApp();
    expect(() => other.get('/api/v1/unlisted', async () => ({}))).toThrow(
      'Route GET /api/v1/unlisted is missing from the access matrix',
    );
    await other.close();
  });
});
