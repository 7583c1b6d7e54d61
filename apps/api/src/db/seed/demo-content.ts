import { addDays } from '@campus/domain/calendar/calendar';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  announcementAudiences,
  announcements,
  banners,
  batches,
  enrolments,
  institutes,
  productItemTypes,
  productPurchases,
  products,
  students,
  users,
} from '../schema/index.ts';
import { demoLogins } from './demo-accounts.ts';
import { tinyPdf } from './demo-files.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An instant `days` from today at hh:mm in Kolkata (UTC+05:30, no daylight saving). */
const at = (today: string, days: number, time: string) => new Date(`${addDays(today, days)}T${time}:00+05:30`);

const noticeImage = (title: string, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400"><rect width="800" height="400" fill="${colour}"/><text x="400" y="210" text-anchor="middle" font-family="Arial,sans-serif" font-size="40" font-weight="700" fill="#fff">${title}</text></svg>`;

async function instituteId(tx: Tx, name: string): Promise<number> {
  const [row] = await tx.select({ id: institutes.id }).from(institutes).where(eq(institutes.name, name));
  return row!.id;
}

async function userByLogin(tx: Tx, instituteIdValue: number, login: string, userType: number) {
  const byLogin = login.includes('@') ? eq(users.email, login) : eq(users.phone, login);
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.instituteId, instituteIdValue), byLogin, eq(users.userType, userType)));
  return row!;
}

/** The batch ids a student of `userId` is enrolled in this year (the newest year's). */
async function currentBatchIds(tx: Tx, instituteIdValue: number, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ batchId: enrolments.batchId, yearId: enrolments.academicYearId })
    .from(enrolments)
    .innerJoin(students, and(eq(students.instituteId, enrolments.instituteId), eq(students.id, enrolments.studentId)))
    .where(and(eq(enrolments.instituteId, instituteIdValue), eq(students.userId, userId)))
    .orderBy(asc(enrolments.academicYearId));
  const newest = rows.at(-1)?.yearId;
  return rows.filter((row) => row.yearId === newest).map((row) => row.batchId);
}

interface NoticeSpec {
  title: string;
  html: string;
  by: string;
  daysAgo: number;
  time: string;
  updatedTime: string;
  audience: number[];
  image?: string;
  attachment?: string;
}

async function addNotices(tx: Tx, storage: Storage, instituteIdValue: number, today: string, notices: NoticeSpec[]) {
  for (const notice of notices) {
    const image = notice.image ? await storage.putBuffer(noticeImage(notice.image, '#1864ab'), 'svg') : undefined;
    const file = notice.attachment ? await storage.putBuffer(tinyPdf(notice.attachment), 'pdf') : undefined;
    const [row] = await tx
      .insert(announcements)
      .values({
        instituteId: instituteIdValue,
        title: notice.title,
        descriptionHtml: notice.html,
        updatedBy: notice.by,
        announcedAt: at(today, -notice.daysAgo, notice.time),
        updatedAt: at(today, -notice.daysAgo, notice.updatedTime),
        imageFileKey: image?.key ?? null,
        attachmentFileKey: file?.key ?? null,
        attachmentName: notice.attachment ? `${notice.title}.pdf` : null,
      })
      .returning({ id: announcements.id });
    if (notice.audience.length > 0) {
      await tx
        .insert(announcementAudiences)
        .values(
          notice.audience.map((batchId) => ({ instituteId: instituteIdValue, announcementId: row!.id, batchId })),
        );
    }
  }
}

async function seedGreenfieldContent(tx: Tx, storage: Storage, today: string) {
  const id = await instituteId(tx, 'Greenfield Public School');
  const aarav = await userByLogin(tx, id, demoLogins.greenfieldStudent, 1);
  const aaravBatches = await currentBatchIds(tx, id, aarav.id);
  const [otherBatch] = await tx
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.instituteId, id)))
    .orderBy(asc(batches.id))
    .limit(1);
  await addNotices(tx, storage, id, today, [
    {
      title: 'Annual Sports Day',
      html: '<p>The Annual Sports Day will be held on the main ground. All students assemble by <b>7:45 AM</b> in house colours.</p>',
      by: 'Principal Office',
      daysAgo: 0,
      time: '08:15',
      updatedTime: '16:35',
      audience: [],
      image: 'Annual Sports Day',
    },
    {
      title: 'Parent-Teacher Meeting',
      html: '<p>PTM for your section is on Saturday from 9 AM to 12 noon. Please bring the report card.</p><script>alert("x")</script>',
      by: 'Class Teacher',
      daysAgo: 1,
      time: '10:00',
      updatedTime: '10:20',
      audience: aaravBatches,
      attachment: 'PTM schedule',
    },
    {
      title: 'Winter uniform from 1 December',
      html: '<p>Students will wear the winter uniform from <i>1 December</i>. Blazers are compulsory on Mondays.</p>',
      by: 'Administration',
      daysAgo: 3,
      time: '09:30',
      updatedTime: '11:05',
      audience: [],
    },
    {
      title: 'Science Exhibition entries',
      html: '<ul><li>Teams of up to 3</li><li>Submit the abstract by Friday</li></ul><img src="x" onerror="alert(1)">',
      by: 'Science Department',
      daysAgo: 6,
      time: '13:45',
      updatedTime: '14:10',
      audience: aaravBatches,
    },
    {
      title: 'Library books return',
      html: '<p>Return all library books before the term break.</p>',
      by: 'Librarian',
      daysAgo: 12,
      time: '12:00',
      updatedTime: '12:00',
      audience: [],
    },
    {
      title: 'Class 6 A picnic',
      html: '<p>Only for Class 6 A: the picnic leaves at 8 AM.</p>',
      by: 'Class Teacher',
      daysAgo: 2,
      time: '15:00',
      updatedTime: '15:00',
      audience: otherBatch && !aaravBatches.includes(otherBatch.id) ? [otherBatch.id] : [],
    },
  ]);

  const landing = ['', 'TIME TABLE', 'MY EXAM', '', 'ASSIGNMENTS', 'STUDY MATERIALS'];
  await tx.insert(banners).values([
    ...landing.map((landingScreen, index) => ({
      instituteId: id,
      kind: 'banner' as const,
      webUrl: `/my-account/demo/banner-${index + 1}.svg`,
      isRedirect: index === 0 || index === 3,
      redirectLink:
        index === 0
          ? 'https://greenfield.example/admissions'
          : index === 3
            ? 'https://greenfield.example/mock-tests'
            : '',
      landingScreen,
      sortOrder: index,
    })),
    { instituteId: id, kind: 'promo' as const, webUrl: '/my-account/demo/promo.svg', sortOrder: 0 },
  ]);

  await tx
    .update(students)
    .set({
      gender: 'Male',
      dob: '2012-05-14',
      birthPlace: 'Pune',
      religion: 'Hindu',
      bloodGroup: 'B+',
      motherTongue: 'Marathi',
      country: 'India',
      state: 'Maharashtra',
      address: '14, Green Park Society, Baner Road, Pune 411045',
      permanentAddress: '14, Green Park Society, Baner Road, Pune 411045',
      aadharNo: '4321 8765 2109',
      parentName: 'Rajesh Sharma',
      parentEmail: 'rajesh.sharma@example.in',
      parentProfession: 'Engineer',
      parentPhone: demoLogins.greenfieldParentOfTwo,
      parentAadharNo: '9988 7766 5544',
      guardianName: '',
      guardianPhone: '',
      guardianEmail: '',
    })
    .where(and(eq(students.instituteId, id), eq(students.userId, aarav.id)));
  // Sara's record carries the placeholders the spec says show as '-'.
  const sara = await userByLogin(tx, id, demoLogins.greenfieldPastYearsOnly, 1);
  await tx
    .update(students)
    .set({ dob: '1900-01-01', motherTongue: '-1', bloodGroup: '-1', parentProfession: '-1' })
    .where(and(eq(students.instituteId, id), eq(students.userId, sara.id)));

  await seedProducts(tx, id, aarav.id, today, [
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
}

async function seedApexContent(tx: Tx, storage: Storage, today: string) {
  const id = await instituteId(tx, 'Apex Coaching Institute');
  const neha = await userByLogin(tx, id, demoLogins.apexStudent, 1);
  const nehaBatches = await currentBatchIds(tx, id, neha.id);
  // Addressed to batches only, so the open-course buyer (who has none) sees the empty state.
  await addNotices(tx, storage, id, today, [
    {
      title: 'JEE mock test series',
      html: '<p>Full-length mock tests every Sunday at 9 AM in the exam desk.</p>',
      by: 'Academic Head',
      daysAgo: 0,
      time: '07:30',
      updatedTime: '07:45',
      audience: nehaBatches,
    },
    {
      title: 'Doubt clearing sessions',
      html: '<p>Physics doubt sessions on Wednesdays, 6 PM, live.</p>',
      by: 'Physics Faculty',
      daysAgo: 4,
      time: '18:00',
      updatedTime: '18:10',
      audience: nehaBatches,
    },
  ]);
  await tx
    .insert(banners)
    .values({ instituteId: id, kind: 'banner', webUrl: '/my-account/demo/banner-4.svg', sortOrder: 0 });

  const buyer = await userByLogin(tx, id, demoLogins.apexBuyer, 99);
  await seedProducts(tx, id, buyer.id, today, [
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
  await seedProducts(tx, id, neha.id, today, [
    {
      slug: 'jee',
      title: 'JEE Advanced Problem Bank',
      price: 499_900,
      category: 'Engineering',
      days: [-15, 120],
      videos: true,
    },
  ]);
}

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

/** Home, profile and product content of the demo, covering every state those screens can show. */
export async function seedDemoContent(tx: Tx, storage: Storage, today: string): Promise<void> {
  await seedGreenfieldContent(tx, storage, today);
  await seedApexContent(tx, storage, today);
}
