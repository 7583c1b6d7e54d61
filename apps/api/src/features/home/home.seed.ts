import { addDays } from '@campus/domain/calendar/calendar';
import type { Storage } from '../../lib/storage.ts';
import { createAnnouncements, createBanners } from './index.ts';
import type { DemoContext, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import { tinyPdf } from '../../db/seed/demo-files.ts';

/** An instant `days` from today at hh:mm in Kolkata (UTC+05:30, no daylight saving). */
const at = (today: string, days: number, time: string) => new Date(`${addDays(today, days)}T${time}:00+05:30`);

/**
 * A notice's instant, never later than the seeding moment: a notice of today at 16:35, seeded at 05:00, read
 * "Updated 04:35 PM" before that time had come (defect 9). `minutesBefore` keeps announced before updated.
 */
export const seedInstant = (today: string, days: number, time: string, now: Date, minutesBefore: number) => {
  const planned = at(today, days, time);
  const latest = new Date(now.getTime() - minutesBefore * 60_000);
  return planned.getTime() > latest.getTime() ? latest : planned;
};

// A poster as a notice's picture: a plain one-colour box (under 300 bytes) is what Chrome ignores as low-content when
// it chooses the largest paint, so the demo's notice board measured as no real notice would (issue 28, LCP).
const noticeImage = (title: string, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">` +
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colour}"/>` +
  `<stop offset="1" stop-color="#74c0fc"/></linearGradient></defs>` +
  `<rect width="800" height="400" fill="url(#sky)"/>` +
  `<circle cx="660" cy="92" r="46" fill="#ffd43b"/>` +
  `<path d="M0 318 Q120 250 240 300 T480 292 T800 280 V400 H0 Z" fill="#2f9e44"/>` +
  `<path d="M0 352 Q160 312 320 346 T640 338 T800 330 V400 H0 Z" fill="#2b8a3e"/>` +
  `<ellipse cx="400" cy="356" rx="300" ry="26" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="18 12"/>` +
  `<g fill="#fff" font-family="Arial,sans-serif" text-anchor="middle">` +
  `<text x="400" y="170" font-size="44" font-weight="700">${title}</text>` +
  `<text x="400" y="222" font-size="24">All students and parents are welcome</text></g>` +
  `<g stroke="#fff" stroke-width="4"><path d="M70 300 V196"/><path d="M740 286 V182"/></g>` +
  `<g fill="#e03131"><path d="M72 196 l52 18 l-52 18 z"/><path d="M742 182 l-52 18 l52 18 z"/></g></svg>`;

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

async function addNotices(
  tx: Tx,
  storage: Storage,
  instituteIdValue: number,
  { today, now }: { today: string; now: Date },
  notices: NoticeSpec[],
) {
  for (const notice of notices) {
    const image = notice.image ? await storage.putBuffer(noticeImage(notice.image, '#1864ab'), 'svg') : undefined;
    const file = notice.attachment ? await storage.putBuffer(tinyPdf(notice.attachment), 'pdf') : undefined;
    await createAnnouncements(tx, instituteIdValue, [
      {
        title: notice.title,
        descriptionHtml: notice.html,
        updatedBy: notice.by,
        announcedAt: seedInstant(today, -notice.daysAgo, notice.time, now, 10),
        updatedAt: seedInstant(today, -notice.daysAgo, notice.updatedTime, now, 5),
        imageFileKey: image?.key ?? null,
        attachmentFileKey: file?.key ?? null,
        attachmentName: notice.attachment ? `${notice.title}.pdf` : null,
        batchIds: notice.audience,
      },
    ]);
  }
}

async function seedGreenfieldHome({ tx, storage, today, now, institutes: { greenfield } }: DemoContext) {
  const { id } = greenfield;
  const aaravBatches = greenfield.account(demoLogins.greenfieldStudent, 1).batchIds;
  const [otherBatch] = greenfield.batches;
  await addNotices(tx, storage, id, { today, now }, [
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
  // Each banner's headline, as its picture says it (read to screen readers).
  const texts = [
    'Admissions open for 2027-28',
    'Science Exhibition on 5 December',
    'Try the new Live Classes',
    'Mock tests every Sunday',
    'Annual Day rehearsals',
    'Download the timetable',
  ];
  await createBanners(tx, id, [
    ...landing.map((landingScreen, index) => ({
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
      altText: texts[index] ?? '',
      sortOrder: index,
    })),
    { kind: 'promo' as const, webUrl: '/my-account/demo/promo.svg', sortOrder: 0 },
  ]);
}

async function seedApexHome({ tx, storage, today, now, institutes: { apex } }: DemoContext) {
  const { id } = apex;
  const nehaBatches = apex.account(demoLogins.apexStudent, 1).batchIds;
  // Addressed to batches only, so the open-course buyer (who has none) sees the empty state.
  await addNotices(tx, storage, id, { today, now }, [
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
  await createBanners(tx, id, [
    { kind: 'banner', webUrl: '/my-account/demo/banner-4.svg', altText: 'Mock tests every Sunday', sortOrder: 0 },
  ]);
}

/** Notices and banners of the home screen, covering every state it can show. */
export async function seed(context: DemoContext): Promise<void> {
  await seedGreenfieldHome(context);
  await seedApexHome(context);
}
