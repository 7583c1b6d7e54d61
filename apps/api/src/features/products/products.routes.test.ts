import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createInstitute, createStudent, createUser } from '../../../test/factories/institutes.ts';
import { createProduct, purchase } from '../../../test/factories/products.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';

// Built from factories, not the demo: a coaching institute with a course buyer and a student, and a school.
describe('products', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let buyer: Session;
  let student: Session;
  let other: Session;
  let paidId: number;

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const { db } = database;
    const coaching = await createInstitute(db, { host: 'coaching.test', isSchool: false, isStoreEnabled: true });
    const school = await createInstitute(db, { host: 'localhost' });
    const buyerLogin = await createUser(db, coaching, { userType: 99 });
    const studentLogin = await createStudent(db, coaching);
    const otherLogin = await createStudent(db, school);
    const free = await createProduct(db, coaching, { title: 'Coding for Kids', pricePaise: 0 });
    paidId = await createProduct(db, coaching, {
      title: 'JEE Main Crash Course',
      pricePaise: 1_249_900,
      aboutHtml: '<p>Recorded <b>lectures</b>, notes and tests.</p>',
      sampleVideoUrls: [
        'https://www.youtube.com/watch?v=a',
        'https://www.youtube.com/watch?v=b',
        'https://x.test/s.mp4',
      ],
      itemTypes: ['Video Lectures', 'Mock Tests', 'Notes'],
    });
    const expired = await createProduct(db, coaching, { title: 'NEET Biology Booster', pricePaise: 799_900 });
    await purchase(db, coaching, buyerLogin.userId, free, { enrolledDaysAgo: 10 });
    await purchase(db, coaching, buyerLogin.userId, paidId, { enrolledDaysAgo: 20 });
    await purchase(db, coaching, buyerLogin.userId, expired, { enrolledDaysAgo: 400, days: 90 });
    app = await createTestApp({ database, rateLimits: { loginPerMinute: 1000 } });
    buyer = await signIn(
      app,
      { user_name: buyerLogin.login, password: buyerLogin.password },
      { host: 'coaching.test' },
    );
    student = await signIn(
      app,
      { user_name: studentLogin.login, password: studentLogin.password },
      { host: 'coaching.test' },
    );
    other = await signIn(app, { user_name: otherLogin.login, password: otherLogin.password });
  });
  afterAll(() => app.close());

  const myProducts = (
    session: Session,
    userId = session.user_id,
    instituteId = session.institute_id,
    host = 'coaching.test',
  ) =>
    app.inject({
      method: 'GET',
      url: '/prod/student-product/my-products',
      headers: {
        authorization: session.student_auth,
        host,
        'x-prod-user-id': String(userId),
        'x-prod-inst-id': String(instituteId),
      },
    });

  it('lists the buyer’s products newest purchase first: free, paid, and expired', async () => {
    const response = await myProducts(buyer);
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(
      result.map((product: { title: string; expired: number; price: number }) => [
        product.title,
        product.expired,
        product.price,
      ]),
    ).toEqual([
      ['Coding for Kids', 0, 0],
      ['JEE Main Crash Course', 0, 1_249_900],
      ['NEET Biology Booster', 1, 799_900],
    ]);
    const jee = result[1];
    expect(jee.about).toBe('Recorded lectures, notes and tests.');
    expect(JSON.parse(jee.youtube_url)).toHaveLength(2);
    expect(jee.video_url).toBe('https://x.test/s.mp4');
  });

  it('refuses headers naming another user or institute', async () => {
    expect((await myProducts(buyer, student.user_id)).statusCode).toBe(403);
    expect((await myProducts(buyer, buyer.user_id, other.institute_id)).statusCode).toBe(403);
    const foreign = await myProducts(other, buyer.user_id, buyer.institute_id, 'localhost');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('JEE');
  });

  it('describes the item types of a product the user bought, and nothing of one they did not', async () => {
    const describe = (session: Session, id: number) =>
      app.inject({
        method: 'GET',
        url: `/prod/student-product/item-type-description/${id}`,
        headers: {
          authorization: session.student_auth,
          host: 'coaching.test',
          'x-prod-inst-id': String(session.institute_id),
        },
      });
    const own = await describe(buyer, paidId);
    expect(own.json().result.map((item: { item_type: string }) => item.item_type)).toEqual([
      'Video Lectures',
      'Mock Tests',
      'Notes',
    ]);
    const refused = await describe(student, paidId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('No Products Available');
  });

  it('needs the product headers', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/prod/student-product/my-products',
      headers: { authorization: buyer.student_auth, host: 'coaching.test' },
    });
    expect(response.statusCode).toBe(400);
  });
});
