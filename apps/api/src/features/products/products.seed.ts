import { addDays } from '@campus/domain/calendar/calendar';
import { productItemTypes, productPurchases, products } from '../../db/schema/products.ts';
import type { DemoContext, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

interface ProductSpec {
  slug: string;
  title: string;
  price: number;
  category: string;
  /** Enrolled and expiry days relative to today. */
  days: [number, number];
  videos: boolean;
}

async function seedProducts(tx: Tx, id: number, userId: number, today: string, specs: ProductSpec[]) {
  for (const [index, spec] of specs.entries()) {
    const [product] = await tx
      .insert(products)
      .values({
        instituteId: id,
        title: spec.title,
        aboutHtml: `<p><b>${spec.title}</b> brings recorded lectures, notes and tests together.</p><p>Study at your pace; <i>new content weekly</i>.</p>`,
        photoUrl: `/my-account/demo/product-${spec.slug}.svg`,
        logoUrl: `/my-account/demo/product-${spec.slug}.svg`,
        pricePaise: spec.price,
        category: spec.category,
        courseType: spec.price === 0 ? 'Free' : 'Paid',
        sampleVideoUrls: spec.videos
          ? [
              'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
              'https://youtu.be/eRsGyueVLvQ',
              'https://videos.example.com/sample-lesson.mp4',
            ]
          : [],
      })
      .returning({ id: products.id });
    await tx.insert(productItemTypes).values([
      {
        instituteId: id,
        productId: product!.id,
        itemType: 'Video Lectures',
        description: 'Recorded lessons for every chapter. Find them under Study Materials, in the paid-product tab.',
        sortOrder: 0,
      },
      {
        instituteId: id,
        productId: product!.id,
        itemType: 'Mock Tests',
        description: 'Timed full-length tests. Find them under My Exam, grouped as Products and Exams.',
        sortOrder: 1,
      },
      {
        instituteId: id,
        productId: product!.id,
        itemType: 'Notes',
        description: 'Printable chapter notes. Find them under Study Materials.',
        sortOrder: 2,
      },
    ]);
    await tx.insert(productPurchases).values({
      instituteId: id,
      userId,
      productId: product!.id,
      publicOrderId: `ORD-${id}${String(userId).padStart(4, '0')}-${index + 1}`,
      enrolledOn: addDays(today, spec.days[0]),
      expiresOn: addDays(today, spec.days[1]),
    });
  }
}

/** Products bought by the Greenfield student, the Apex buyer and the Apex student: active, free and expired. */
export async function seed({ tx, today, institutes }: DemoContext): Promise<void> {
  const { greenfield, apex } = institutes;
  const aarav = greenfield.account(demoLogins.greenfieldStudent, 1);
  await seedProducts(tx, greenfield.id, aarav.userId, today, [
    {
      slug: 'maths',
      title: 'Maths Olympiad Prep',
      price: 249_900,
      category: 'Class 8',
      days: [-30, 150],
      videos: true,
    },
    { slug: 'english', title: 'Spoken English', price: 0, category: 'Class 8', days: [-10, 80], videos: false },
    {
      slug: 'science',
      title: 'Science Lab Videos',
      price: 99_900,
      category: 'Class 7',
      days: [-400, -35],
      videos: true,
    },
  ]);
  const neha = apex.account(demoLogins.apexStudent, 1);
  const buyer = apex.account(demoLogins.apexBuyer, 99);
  await seedProducts(tx, apex.id, buyer.userId, today, [
    {
      slug: 'jee',
      title: 'JEE Main Crash Course',
      price: 1_249_900,
      category: 'Engineering',
      days: [-20, 200],
      videos: true,
    },
    { slug: 'coding', title: 'Coding for Kids', price: 0, category: 'Skills', days: [-5, 60], videos: false },
    {
      slug: 'neet',
      title: 'NEET Biology Booster',
      price: 799_900,
      category: 'Medical',
      days: [-300, -1],
      videos: true,
    },
  ]);
  await seedProducts(tx, apex.id, neha.userId, today, [
    {
      // Its own picture: it showed JEE Main Crash Course's (defect 9).
      slug: 'jee-advanced',
      title: 'JEE Advanced Problem Bank',
      price: 499_900,
      category: 'Engineering',
      days: [-15, 120],
      videos: true,
    },
  ]);
}
