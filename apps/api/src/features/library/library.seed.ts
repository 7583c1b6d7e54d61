import { addDays } from '@campus/domain/calendar/calendar';
import { productPurchases, products } from '../../db/schema/products.ts';
import { libraryCourseRows, libraryFileRows, librarySubjectRows, libraryTopicRows } from './index.ts';
import type { DemoContext, DemoInstitute, Tx } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';
import { storeDemoMedia, type DemoMediaFile } from '../../db/seed/demo-media.ts';
import { tinyPng } from '../../db/seed/media-files.ts';

/** Its paid courses join the store after the products area's own items (the store lists products in id order). */
export const seedAfter = ['products'];

type Media = Awaited<ReturnType<typeof storeDemoMedia>>;
type Posters = Awaited<ReturnType<typeof storePosters>>;

/** Two poster images (a video's still and a cover), stored once per institute. */
async function storePosters(storage: DemoContext['storage']) {
  const still = await storage.putBuffer(tinyPng(320, 180, [230, 119, 0]), 'png');
  const cover = await storage.putBuffer(tinyPng(180, 240, [47, 158, 68]), 'png');
  return { still: still.key, cover: cover.key };
}

/** A topic of the demo tree: its files and subtopics. */
interface TopicSpec {
  name: string;
  files?: FileSpec[];
  topics?: TopicSpec[];
}
/** A file or hosted video; `posters` picks its poster images (posterList) from the demo's two. */
type FileSpec = { posters?: ('still' | 'cover')[] } & (
  | { title: string; type: string; file: keyof Media; readonly?: boolean; daysAgo: number }
  | { title: string; type: string; video: 'youtube' | 'vimeo' | 'vdocipher'; id: string; daysAgo: number }
);

const kindOfFile: Record<string, 'pdf' | 'office' | 'image' | 'audio' | 'video' | 'other'> = {
  pdf: 'pdf',
  docx: 'office',
  xlsx: 'office',
  pptx: 'office',
  png: 'image',
  mp3: 'audio',
  mp4: 'video',
  zip: 'other',
};

/** Every kind of file, spread over a tree nested five levels deep under Physics. */
const scienceTree: TopicSpec[] = [
  {
    name: 'Physics',
    files: [{ title: 'Physics syllabus', type: 'Notes', file: 'pdf', daysAgo: 30 }],
    topics: [
      {
        name: 'Mechanics',
        files: [{ title: 'Mechanics lecture slides', type: 'Slides', file: 'pptx', daysAgo: 20 }],
        topics: [
          {
            name: 'Laws of Motion',
            files: [
              { title: 'Laws of motion notes', type: 'Notes', file: 'pdf', readonly: true, daysAgo: 12 },
              {
                title: 'Newton explained',
                type: 'YoutubeURL',
                video: 'youtube',
                id: 'aqz-KE-bpKQ',
                daysAgo: 11,
                posters: ['still'],
              },
            ],
            topics: [
              {
                name: 'Newton’s Third Law',
                files: [
                  { title: 'Action and reaction worksheet', type: 'Assignment', file: 'docx', daysAgo: 5 },
                  { title: 'Rocket experiment', type: 'Other', file: 'mp4', daysAgo: 4, posters: ['still', 'cover'] },
                ],
                topics: [
                  {
                    name: 'Worked examples',
                    files: [
                      {
                        title: 'Worked examples recording',
                        type: 'Vimeo',
                        video: 'vimeo',
                        id: '76979871',
                        daysAgo: 3,
                        posters: ['still'],
                      },
                      { title: 'Forces diagram', type: 'Images', file: 'png', daysAgo: 2 },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Sound',
        files: [
          { title: 'Sound waves audio notes', type: 'AudioNotes', file: 'mp3', daysAgo: 8 },
          { title: 'Sound lecture', type: 'VDOCipher', video: 'vdocipher', id: 'a1b2c3d4e5f6a7b8', daysAgo: 7 },
        ],
      },
    ],
  },
  {
    name: 'Chemistry',
    files: [
      { title: 'Periodic table data', type: 'Notes', file: 'xlsx', daysAgo: 15 },
      { title: 'Lab practice files', type: 'Other', file: 'zip', daysAgo: 14 },
    ],
  },
];

const mathsTree: TopicSpec[] = [
  {
    name: 'Algebra',
    files: [{ title: 'Algebra previous year paper', type: 'PreviousYearQuestionsPaper', file: 'pdf', daysAgo: 9 }],
    topics: [
      {
        name: 'Linear equations',
        files: [{ title: 'Linear equations ebook', type: 'EBook', file: 'pdf', daysAgo: 6 }],
      },
    ],
  },
  // A topic without material: the screen shows 'No material available!'.
  { name: 'Geometry' },
];

async function addCourse(
  tx: Tx,
  context: { instituteId: number; today: string; media: Media; posters: Posters },
  course: { name: string; isPaid: boolean; standardId?: number; productId?: number },
  subjectTrees: [string, TopicSpec[]][],
) {
  const { instituteId, today, media, posters } = context;
  const [row] = await libraryCourseRows.create(tx, instituteId, [
    {
      name: course.name,
      isPaid: course.isPaid,
      courseTypeId: course.isPaid ? 2 : 1,
      standardId: course.standardId ?? null,
      productId: course.productId ?? null,
    },
  ]);
  const courseId = row!;
  for (const [index, [subjectName, tree]] of subjectTrees.entries()) {
    const [subjectId] = await librarySubjectRows.create(tx, instituteId, [
      { courseId, name: subjectName, sortOrder: index },
    ]);
    const addTopics = async (topics: TopicSpec[], parentId: number | null) => {
      for (const [order, topic] of topics.entries()) {
        const [inserted] = await libraryTopicRows.create(tx, instituteId, [
          { courseId, subjectId: subjectId!, parentId, name: topic.name, sortOrder: order },
        ]);
        const topicId = inserted!;
        if (topic.files?.length) {
          await libraryFileRows.create(
            tx,
            instituteId,
            topic.files.map((file) => {
              const shared = {
                courseId,
                topicId,
                title: file.title,
                type: file.type,
                posterKeys: (file.posters ?? []).map((poster) => posters[poster]),
              };
              const sharedOn = addDays(today, -file.daysAgo);
              if ('video' in file) return { ...shared, kind: file.video, videoId: file.id, isReadonly: true, sharedOn };
              const stored: DemoMediaFile = media[file.file];
              return {
                ...shared,
                kind: kindOfFile[file.file]!,
                fileName: stored.fileName,
                fileKey: stored.key,
                sizeBytes: stored.size,
                isReadonly: file.readonly ?? false,
                sharedOn,
              };
            }),
          );
        }
        await addTopics(topic.topics ?? [], topicId);
      }
    };
    await addTopics(tree, null);
  }
  return courseId;
}

/** A product of the library's paid courses, bought by `buyerUserId` when given. */
async function addProduct(
  tx: Tx,
  instituteId: number,
  { title, slug }: { title: string; slug: string },
  today: string,
  buyerUserId?: number,
) {
  // Each product its own picture bearing its title (public/demo/product-<slug>.svg).
  const picture = `/my-account/demo/product-${slug}.svg`;
  const [product] = await tx
    .insert(products)
    .values({
      instituteId,
      title,
      pricePaise: 199_900,
      category: 'Video course',
      courseType: 'Paid',
      photoUrl: picture,
      logoUrl: picture,
    })
    .returning({ id: products.id });
  if (buyerUserId !== undefined) {
    await tx.insert(productPurchases).values({
      instituteId,
      userId: buyerUserId,
      productId: product!.id,
      publicOrderId: `LIB-${instituteId}-${product!.id}`,
      enrolledOn: addDays(today, -20),
      expiresOn: addDays(today, 200),
    });
  }
  return product!.id;
}

const standardOf = (institute: DemoInstitute, batchId: number | undefined) =>
  institute.batches.find((batch) => batch.id === batchId)!.standardId;

/**
 * Both institutes' study libraries: a free course of each student's standard with every kind of file in a tree
 * five levels deep, and paid courses sold as products. Greenfield: Aarav owns one paid course; the open-course
 * learner owns none (the empty library). Apex: the buyer owns 'Physics Video Course' and not 'Chemistry Crash
 * Course'; Neha (student) sees the free JEE course.
 */
export async function seed({ tx, storage, today, institutes: { greenfield, apex } }: DemoContext): Promise<void> {
  const gMedia = await storeDemoMedia(storage, 'Greenfield');
  const aarav = greenfield.account(demoLogins.greenfieldStudent, 1);
  const aaravStandard = standardOf(greenfield, aarav.batchIds[0]);
  const g = { instituteId: greenfield.id, today, media: gMedia, posters: await storePosters(storage) };
  await addCourse(tx, g, { name: 'Class 8 Study Material', isPaid: false, standardId: aaravStandard }, [
    ['Science', scienceTree],
    ['Mathematics', mathsTree],
  ]);
  const otherStandard = greenfield.batches.find((batch) => batch.standardId !== aaravStandard)?.standardId;
  if (otherStandard !== undefined) {
    await addCourse(tx, g, { name: 'Other Standard Material', isPaid: false, standardId: otherStandard }, [
      ['Science', [{ name: 'Plants', files: [{ title: 'Plant cells', type: 'Notes', file: 'pdf', daysAgo: 3 }] }]],
    ]);
  }
  const gProduct = await addProduct(
    tx,
    greenfield.id,
    { title: 'Science Video Lectures', slug: 'science-videos' },
    today,
    aarav.userId,
  );
  await addCourse(tx, g, { name: 'Science Video Lectures', isPaid: true, productId: gProduct }, [
    ['Science', scienceTree],
  ]);

  const aMedia = await storeDemoMedia(storage, 'Apex');
  const a = { instituteId: apex.id, today, media: aMedia, posters: await storePosters(storage) };
  const neha = apex.account(demoLogins.apexStudent, 1);
  const buyer = apex.account(demoLogins.apexBuyer, 99);
  await addCourse(tx, a, { name: 'JEE Foundation', isPaid: false, standardId: standardOf(apex, neha.batchIds[0]) }, [
    ['Physics', scienceTree],
    ['Mathematics', mathsTree],
  ]);
  const bought = await addProduct(
    tx,
    apex.id,
    { title: 'Physics Video Course', slug: 'physics-videos' },
    today,
    buyer.userId,
  );
  await addCourse(tx, a, { name: 'Physics Video Course', isPaid: true, productId: bought }, [['Physics', scienceTree]]);
  const notBought = await addProduct(tx, apex.id, { title: 'Chemistry Crash Course', slug: 'chemistry-crash' }, today);
  await addCourse(tx, a, { name: 'Chemistry Crash Course', isPaid: true, productId: notBought }, [
    [
      'Chemistry',
      [{ name: 'Organic chemistry', files: [{ title: 'Reaction notes', type: 'Notes', file: 'pdf', daysAgo: 2 }] }],
    ],
  ]);
}
