import { readdirSync } from 'node:fs';
import { routeKey, type BoundEndpoint } from '@campus/domain/shared/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';
import { accessMatrix, allEndpoints, areas } from './index.ts';

const domainRoot = new URL('../../../../packages/domain/src/', import.meta.url);

/** Every contract the domain package declares (`export const xContract` in an area's `*.contract.ts`). */
async function domainContracts(): Promise<Record<string, Record<string, BoundEndpoint>>> {
  const found: Record<string, Record<string, BoundEndpoint>> = {};
  for (const folder of readdirSync(domainRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(new URL(`${folder.name}/`, domainRoot)).filter((name) =>
      name.endsWith('.contract.ts'),
    )) {
      const module = (await import(new URL(`${folder.name}/${file}`, domainRoot).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (name.endsWith('Contract')) found[`${folder.name}/${file} ${name}`] = value as Record<string, BoundEndpoint>;
      }
    }
  }
  return found;
}

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

  it('serves every contract the domain declares: each is in one area manifest', async () => {
    const contracts = await domainContracts();
    expect(Object.keys(contracts).length).toBeGreaterThanOrEqual(19);
    const registered = areas.flatMap((area) => area.contracts);
    for (const [name, contract] of Object.entries(contracts)) {
      expect(registered.filter((one) => one === contract).length, name).toBe(1);
    }
    for (const endpoint of Object.values(contracts).flatMap((contract) => Object.values(contract))) {
      expect(app.hasRoute({ method: endpoint.method, url: endpoint.path }), endpoint.id).toBe(true);
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
