import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { addInstituteHosts } from '../../access/institute-hosts.repository.ts';

describe('GET /api/v1/institutes/getLogoAndFavIcon', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  // No demo: a school with its logo and favicon reached at localhost, 127.0.0.1 and school.localhost, and a coaching
  // institute at apex.localhost.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const school = await createInstitute(db, {
      host: 'localhost',
      name: 'Greenfield Public School',
      logoUrl: '/my-account/demo/greenfield-logo.svg',
      faviconUrl: '/my-account/demo/greenfield-favicon.svg',
    });
    await addInstituteHosts(db, school.id, ['127.0.0.1', 'school.localhost']);
    await createInstitute(db, { host: 'apex.localhost', name: 'Apex Coaching Institute', isSchool: false });
    app = await createTestApp({ database });
  });
  afterAll(() => app.close());

  const lookup = (host: string) =>
    app.inject({ method: 'GET', url: '/api/v1/institutes/getLogoAndFavIcon', query: { virtualHostUrl: host } });

  it.each(['localhost', '127.0.0.1', 'school.localhost'])('finds Greenfield Public School at %s', async (host) => {
    const response = await lookup(host);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      message: 'success',
      result: {
        instituteId: expect.any(Number),
        instituteName: 'Greenfield Public School',
        logoPath: '/my-account/demo/greenfield-logo.svg',
        favIconPath: '/my-account/demo/greenfield-favicon.svg',
      },
    });
  });

  it('finds Apex Coaching Institute at apex.localhost, whatever the case, scheme or port', async () => {
    const response = await lookup('https://APEX.localhost:8080/my-account');
    expect(response.json().result.instituteName).toBe('Apex Coaching Institute');
  });

  it('tells the two institutes apart', async () => {
    const school = (await lookup('localhost')).json().result.instituteId;
    const coaching = (await lookup('apex.localhost')).json().result.instituteId;
    expect(school).not.toBe(coaching);
  });

  it('answers 404 for a host no institute uses', async () => {
    const response = await lookup('unknown.example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No institute is registered at this address' });
  });

  it.each([
    ['a 10 kB host', 'x'.repeat(10_000)],
    ['a blank host', '   '],
  ])('refuses %s with 400', async (_label, host) => {
    const response = await lookup(host);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it.each(["' or 1=1 --", 'école.localhost', '😀'])('answers %j as an unknown host', async (host) => {
    const response = await lookup(host);
    expect(response.statusCode).toBe(404);
  });

  it('refuses a NUL byte with 400 rather than failing in the database', async () => {
    const response = await lookup('localhost\u0000');
    expect(response.statusCode).toBe(400);
  });
});
