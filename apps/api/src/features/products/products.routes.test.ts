import type { Session } from '@campus/domain/auth/auth.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth-helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

describe('products', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let buyer: Session;
  let neha: Session;
  let aarav: Session;
  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { loginPerMinute: 1000 } });
    buyer = await signIn(app, { user_name: demoLogins.apexBuyer }, { host: 'apex.localhost' });
    neha = await signIn(app, { user_name: demoLogins.apexStudent }, { host: 'apex.localhost' });
    aarav = await signIn(app, { user_name: demoLogins.greenfieldStudent });
  });
  afterAll(() => app.close());

  const myProducts = (
    session: Session,
    userId = session.user_id,
    instituteId = session.institute_id,
    host = 'apex.localhost',
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

  it('lists the buyer’s active, expired and free products', async () => {
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
    expect(jee.about).toBe(
      'JEE Main Crash Course brings recorded lectures, notes and tests together. Study at your pace; new content weekly.',
    );
    expect(JSON.parse(jee.youtube_url)).toHaveLength(2);
    expect(jee.video_url).toMatch(/\.mp4$/);
  });

  it('refuses headers naming another user or institute', async () => {
    expect((await myProducts(buyer, neha.user_id)).statusCode).toBe(403);
    expect((await myProducts(buyer, buyer.user_id, aarav.institute_id)).statusCode).toBe(403);
    const foreign = await myProducts(aarav, buyer.user_id, buyer.institute_id, 'localhost');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('JEE');
  });

  it('describes the item types of a product the user bought, and nothing of one they did not', async () => {
    const products = (await myProducts(buyer)).json().result;
    const describe = (session: Session, id: number) =>
      app.inject({
        method: 'GET',
        url: `/prod/student-product/item-type-description/${id}`,
        headers: {
          authorization: session.student_auth,
          host: 'apex.localhost',
          'x-prod-inst-id': String(session.institute_id),
        },
      });
    const own = await describe(buyer, products[1].id);
    expect(own.json().result.map((item: { item_type: string }) => item.item_type)).toEqual([
      'Video Lectures',
      'Mock Tests',
      'Notes',
    ]);
    expect((await describe(neha, products[1].id)).statusCode).toBe(404);
  });

  it('needs the product headers', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/prod/student-product/my-products',
      headers: { authorization: buyer.student_auth, host: 'apex.localhost' },
    });
    expect(response.statusCode).toBe(400);
  });
});
