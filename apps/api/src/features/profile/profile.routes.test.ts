import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createParent, createStudent } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';

const pngPixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('profile', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let aarav: Session;
  let parent: Session;
  let sara: Session;
  let neha: Session;
  let school: Awaited<ReturnType<typeof createInstitute>>;
  let db: Awaited<ReturnType<typeof createMigratedDatabase>>['db'];
  // Built from factories: a school that lets students edit their profile, and a coaching institute that does not.
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    db = database.db;
    school = await createInstitute(db, { host: 'localhost', isProfileUpdateAllowed: true });
    const coaching = await createInstitute(db, { host: 'apex.localhost', isSchool: false });
    const owner = await createStudent(db, school, {
      user: { name: 'Aarav Sharma' },
      student: {
        dob: '2012-05-14',
        bloodGroup: 'B+',
        aadharNo: '5678 4321 8765 2109',
        parentAadharNo: '1111 2222 3333 5544',
      },
    });
    const classmate = await createStudent(db, school);
    const parentLogin = await createParent(db, school, [owner.studentId]);
    const elsewhere = await createStudent(db, coaching);
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
    aarav = await signIn(app, { user_name: owner.login, password: owner.password });
    parent = await signIn(app, { user_name: parentLogin.login, password: parentLogin.password });
    sara = await signIn(app, { user_name: classmate.login, password: classmate.password });
    neha = await signIn(app, { user_name: elsewhere.login, password: elsewhere.password }, { host: 'apex.localhost' });
  });
  afterAll(() => app.close());

  const detail = (session: Session, studentId = session.student_id, host = 'localhost') =>
    getAs(app, session.student_auth, `/api/v1/students/get-student-detail/${session.institute_id}/${studentId}`, host);
  const update = (session: Session, payload: Record<string, unknown>, userId = session.user_id, host = 'localhost') =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/profiles/update/${session.institute_id}/${userId}`,
      headers: { authorization: session.student_auth, host },
      payload,
    });

  describe('GET /api/v1/students/get-student-detail', () => {
    it('answers the owner’s profile with Aadhar numbers masked', async () => {
      const response = await detail(aarav);
      expect(response.statusCode).toBe(200);
      const profile = response.json().result;
      expect(profile).toMatchObject({
        name: 'Aarav Sharma',
        dob: '2012-05-14',
        blood_group: 'B+',
        student_aadhar_no: 'XXXX-XXXX-2109',
        parent_aadhar_no: 'XXXX-XXXX-5544',
        is_institute_type_school: true,
        student_profile_update_restrict: true,
      });
      expect(profile.standard_name).toMatch(/^Class \d+$/);
      expect(response.body).not.toContain('4321 8765');
    });

    it('lets a parent read the child’s profile', async () => {
      expect((await detail(parent)).json().result.name).toBe('Aarav Sharma');
    });

    it('refuses another student’s id and another institute, with no data', async () => {
      const other = await detail(sara, aarav.student_id!);
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('Aarav');
      const foreign = await getAs(
        app,
        neha.student_auth,
        `/api/v1/students/get-student-detail/${aarav.institute_id}/${aarav.student_id}`,
        'apex.localhost',
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.body).not.toContain('Aarav');
    });
  });

  describe('PUT /api/v1/profiles/update', () => {
    it.each([
      [{ address: '22 MG Road, Pune' }, 'Address Updated Succesfully', 'address', '22 MG Road, Pune'],
      [{ birth_place: 'Nashik' }, 'Birthplace Updated Succesfully', 'birth_place', 'Nashik'],
      [{ blood_group: 'AB-' }, 'Bloodgroup Updated Succesfully', 'blood_group', 'AB-'],
      [{ dob: '2012-02-29' }, 'DOB Updated Successfully', 'dob', '2012-02-29'],
    ])('saves %o with the spec toast', async (payload, message, field, value) => {
      const response = await update(aarav, payload);
      expect(response.json()).toEqual({ statusCode: 200, message });
      expect((await detail(aarav)).json().result[field]).toBe(value);
    });

    it('stores a photo checked by content and serves it back', async () => {
      const response = await update(aarav, { photo: `data:image/png;base64,${pngPixel}` });
      expect(response.json().message).toBe('profile picture updated successfully');
      const photoUrl = (await detail(aarav)).json().result.photo_url;
      const photo = await app.inject({ method: 'GET', url: photoUrl });
      expect(photo.statusCode).toBe(200);
      expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    });

    it('answers the uploaded photo in the next login, so the header shows it (defect 2)', async () => {
      const student = await createStudent(db, school);
      const before = await signIn(app, { user_name: student.login, password: student.password });
      expect(before.photo_url).toBe('');
      await update(before, { photo: `data:image/png;base64,${pngPixel}` });
      const after = await signIn(app, { user_name: student.login, password: student.password });
      expect(after.photo_url).not.toBe('');
      const photo = await app.inject({ method: 'GET', url: after.photo_url, headers: { host: 'localhost' } });
      expect(photo.statusCode).toBe(200);
      expect(photo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    });

    it.each([
      [{ address: 'x'.repeat(120) }, 'body.address: must be at most 119 characters'],
      [{ birth_place: 'x'.repeat(21) }, 'body.birth_place: must be at most 20 characters'],
      [{ blood_group: 'C+' }, 'body.blood_group: must be one of O+, O-, A+, A-, B+, B-, AB+, AB-'],
      [{ dob: '2023-02-29' }, 'Selected year Have 28 Days In February'],
      [{ dob: '2024-02-30' }, 'Selected year Have 29 Days In February'],
      [{ dob: '2010-04-31' }, 'Month Selected Have Only 30 Days'],
      [{ dob: '2026-11-22' }, "Selected Date Can't Be Greater Than Current Date"],
      [{ dob: '1969-12-31' }, 'Something Went Wrong,Please Try Again'],
      [{ dob: '14-05-2012' }, 'body.dob: must be YYYY-MM-DD'],
      [
        { photo: Buffer.from('<html><script>alert(1)</script></html>').toString('base64') },
        'body.photo: must be a JPEG, PNG, GIF or WebP image',
      ],
      [{ address: 'A', birth_place: 'B' }, 'body: send exactly one of address, birth_place, blood_group, dob, photo'],
      [{}, 'body: send exactly one of address, birth_place, blood_group, dob, photo'],
    ])('refuses %o with %j', async (payload, message) => {
      const response = await update(aarav, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('refuses fields it does not know, so nothing else can be written', async () => {
      const response = await update(aarav, { address: 'x', institute_id: 2 });
      expect(response.statusCode).toBe(400);
    });

    it('refuses a parent, another user’s id and another institute', async () => {
      const byParent = await update(parent, { address: 'Parent was here' }, aarav.user_id);
      expect(byParent.statusCode).toBe(403);
      expect(byParent.json().message).toBe('Parents are not allowed to make changes.');
      expect((await update(sara, { address: 'Sara was here' }, aarav.user_id)).statusCode).toBe(403);
      expect((await detail(aarav)).json().result.address).not.toMatch(/was here/);
    });

    it('refuses edits where the institute does not allow them', async () => {
      const response = await update(neha, { address: 'x' }, neha.user_id, 'apex.localhost');
      expect(response.statusCode).toBe(403);
    });
  });
});
