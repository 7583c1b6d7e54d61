import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instituteHosts } from '../src/db/schema/institutes.ts';
import { photoUrlLifetimeMs } from '../src/features/profile/profile.routes.ts';
import { getAs, signIn } from './auth-helpers.ts';
import { createAnnouncement } from './factories/home.ts';
import { createInstitute, createStudent } from './factories/institutes.ts';
import { createMigratedDatabase, createTestApp, createTestStorage, fixedNow } from './helpers.ts';

const pngPixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const minute = 60 * 1000;

/**
 * Signed file addresses: served only at the host names of the institute that handed them out, and briefly. Built
 * from factories: a school at three host names whose student may change the profile photo and has a notice with an
 * attachment, and another institute at apex.localhost.
 */
describe('signed file addresses', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let clock = fixedNow;
  let aarav: Session;
  let photoUrl: string;
  let noticeFileUrl: string;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const storage = createTestStorage();
    const { db } = database;
    const school = await createInstitute(db, { host: 'localhost', isProfileUpdateAllowed: true });
    await db
      .insert(instituteHosts)
      .values(['school.localhost', '127.0.0.1'].map((host) => ({ host, instituteId: school.id })));
    await createInstitute(db, { host: 'apex.localhost', isSchool: false });
    const student = await createStudent(db, school);
    await createAnnouncement(db, school, {
      storage,
      attachment: { bytes: '%PDF-1.4\n%%EOF\n', extension: 'pdf', name: 'Circular.pdf' },
    });
    app = await createTestApp({ database, storage, now: () => clock });
    aarav = await signIn(app, { user_name: student.login, password: student.password });
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/v1/profiles/update/${aarav.institute_id}/${aarav.user_id}`,
      headers: { authorization: aarav.student_auth, host: 'localhost' },
      payload: { photo: `data:image/png;base64,${pngPixel}` },
    });
    expect(saved.statusCode).toBe(200);
    const profile = await getAs(
      app,
      aarav.student_auth,
      `/api/v1/students/get-student-detail/${aarav.institute_id}/${aarav.student_id}`,
    );
    photoUrl = profile.json().result.photo_url;
    const notices = await getAs(
      app,
      aarav.student_auth,
      `/api/v1/announcementBannerPromotion/fetchAnnouncementForStudent/${aarav.institute_id}?is_active=true&student_id=${aarav.student_id}`,
    );
    noticeFileUrl = notices.json().data.result.find((row: { file_url: string }) => row.file_url !== '').file_url;
  });
  afterAll(() => app.close());

  const fetchAt = (url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });

  it('serves a file at its institute’s host names, and at no other institute’s', async () => {
    expect(photoUrl).toMatch(/^\/api\/v1\/files\//);
    for (const host of ['localhost', 'school.localhost', '127.0.0.1:8080']) {
      expect((await fetchAt(photoUrl, host)).statusCode).toBe(200);
    }
    for (const url of [photoUrl, noticeFileUrl]) {
      expect((await fetchAt(url, 'localhost')).statusCode).toBe(200);
      const elsewhere = await fetchAt(url, 'apex.localhost');
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).toEqual({ code: 'FORBIDDEN', message: 'This file link is invalid or has expired.' });
      expect(elsewhere.headers['content-disposition']).toBeUndefined();
      // No institute at all answers there either.
      expect((await fetchAt(url, 'unknown.example')).statusCode).toBe(403);
    }
  });

  it('lets a profile photo address live minutes, not a day', async () => {
    expect(photoUrlLifetimeMs).toBeLessThanOrEqual(15 * minute);
    const fresh = await fetchAt(photoUrl, 'localhost');
    expect(fresh.headers['cache-control']).toBe(`private, max-age=${photoUrlLifetimeMs / 1000}`);
    try {
      clock = new Date(fixedNow.getTime() + photoUrlLifetimeMs - 1000);
      expect((await fetchAt(photoUrl, 'localhost')).statusCode).toBe(200);
      clock = new Date(fixedNow.getTime() + photoUrlLifetimeMs);
      const expired = await fetchAt(photoUrl, 'localhost');
      expect(expired.statusCode).toBe(403);
      expect(expired.rawPayload.subarray(1, 4).toString()).not.toBe('PNG');
      // An hour later (the old lifetime was 24 hours) it is long gone.
      clock = new Date(fixedNow.getTime() + 60 * minute);
      expect((await fetchAt(photoUrl, 'localhost')).statusCode).toBe(403);
    } finally {
      clock = fixedNow;
    }
  });
});
