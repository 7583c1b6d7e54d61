import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import { ddMmYyyy } from '@campus/domain/documents/documents-rules';
import { buildTree } from '@campus/domain/library/library-rules';
import {
  libraryContract,
  studyMaterialAnswerSchema,
  type MaterialItem,
  type StudyMaterialAnswer,
  type SubjectNode,
  type TopicNode,
} from '@campus/domain/library/library.contract';
import type { FastifyInstance } from 'fastify';
import { entitlementValues, findEntitledCourses } from './library-access.repository.ts';
import { compileAnswerSerializer } from '../../access/answers.ts';
import { defineRoute } from '../../access/define-route.ts';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { acceptedEncoding } from '../../lib/kept-head.ts';
import { courseFileUrl, courseGrantSetCookie } from '../../lib/signed-urls.ts';
import { registerRowVideoSource } from '../media/index.ts';
import {
  addWatch,
  findEntitledVideoFile,
  findFiles,
  findMaterialVersion,
  findSubjects,
  findTopics,
} from './library.repository.ts';

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

/** A course grant lives as long as a study session is likely to keep the page open. */
const fileUrlLifetimeMs = 30 * 60 * 1000;

/** How many courses' answers are kept (each up to a few hundred KB raw for the largest courses, less compressed). */
const keptCourses = 16;

/**
 * Brotli quality of a kept answer: compressed once per course version, so a better ratio than per-request answers
 * (app.ts answerBrotliQuality) is worth its time (bench/library.ts).
 */
const keptBrotliQuality = 9;

const categoryOfKind: Record<string, string> = { vimeo: 'Vimeo', youtube: 'Youtube URL', vdocipher: 'VDOCipher' };

// Library files holding a Vimeo, VdoCipher or YouTube id answer the shared video calls (media area).
registerRowVideoSource('library', findEntitledVideoFile, addWatch);

/** The study library (spec part 2 §2.1, §7). */
export async function libraryRoutes(app: FastifyInstance) {
  defineRoute(app, libraryContract.ecourses, async ({ scope }) => {
    const courses = await findEntitledCourses(app.db, await entitlementValues(scope, app.now()));
    return {
      result: courses.map((course) => ({
        ecourse_id: course.id,
        course_name: course.name,
        isPaid: course.isPaid ? ('Y' as const) : ('N' as const),
        course_type_id: course.courseTypeId,
        course_type: course.isPaid ? 'Paid' : 'Free',
        product_id: course.productId ?? 0,
      })),
    };
  });

  /** A course's answer: the same for every user entitled to the course. */
  async function buildMaterial(
    instituteId: number,
    courseId: number,
    isVimeoDownloadable: boolean,
  ): Promise<StudyMaterialAnswer> {
    const [subjects, topics, files] = await Promise.all([
      findSubjects(app.db, instituteId, courseId),
      findTopics(app.db, instituteId, courseId),
      findFiles(app.db, instituteId, courseId),
    ]);
    const shareDates = new Map<string, string>();
    const filesByTopic = new Map<number, Record<string, MaterialItem[]>>();
    for (const row of files) {
      let map = filesByTopic.get(row.topicId);
      if (!map) filesByTopic.set(row.topicId, (map = {}));
      // The same address for every user (the grant is a cookie): the answer is kept and compressed once a course.
      const url = row.hasFile ? courseFileUrl(courseId, row.id) : undefined;
      // Posters are served under the same course grant, hosted videos' included (they have no file of their own).
      const posterList = Array.from({ length: row.posters }, (_, index) => ({
        posterUrl: `${courseFileUrl(courseId, row.id)}?poster=${index}`,
      }));
      let shareDate = shareDates.get(row.sharedOn);
      if (shareDate === undefined) shareDates.set(row.sharedOn, (shareDate = ddMmYyyy(row.sharedOn)));
      const videoId = row.videoId || undefined;
      // Empty fields are left out (undefined is not written), and the serializer keeps the order given here.
      (map[row.type] ??= []).push({
        title: row.title,
        file_name: row.fileName || undefined,
        file_id: row.id,
        file_url: url,
        preview_url: row.kind === 'office' && url ? `${url}?preview=pdf` : undefined,
        videoID: row.kind === 'vimeo' || row.kind === 'vdocipher' ? videoId : undefined,
        youtubeVideoID: row.kind === 'youtube' ? videoId : undefined,
        is_vdocipher: row.kind === 'vdocipher',
        is_vimeo: row.kind === 'vimeo',
        is_readonly: row.isReadonly ? 'Y' : 'N',
        student_file_share_date: shareDate,
        category_name: categoryOfKind[row.kind] ?? row.type,
        video_url: row.kind === 'video' ? url : undefined,
        posterUrl: row.kind === 'image' ? url : posterList[0]?.posterUrl,
        posterList: posterList.length > 0 ? posterList : undefined,
        type: row.type,
        kind: row.kind,
      });
    }
    const subjectNames = new Map(subjects.map((subject) => [subject.id, subject.name]));
    // The institute's Vimeo download switch: off, the screen offers no Vimeo download (and the links call answers
    // none). The spec carries it on every subject and topic node as well as on the answer.
    const vimeo = isVimeoDownloadable ? 1 : 0;
    const filesIn = (topicId: number) =>
      Object.values(filesByTopic.get(topicId) ?? {}).reduce((sum, items) => sum + items.length, 0);
    const tree = buildTree<(typeof topics)[number], TopicNode>(
      topics,
      (row, children, below) => ({
        subjectId: row.subjectId,
        subjectName: subjectNames.get(row.subjectId) ?? '',
        topicId: row.id,
        topicName: row.name,
        subtopic_count: below.subtopics,
        file_count: below.files,
        studyMaterialMap: filesByTopic.get(row.id) ?? {},
        subtopicList: children,
        vimeo_video_downlodable: vimeo,
      }),
      (row) => filesIn(row.id),
    );
    const result: SubjectNode[] = subjects.map((subject) => {
      const top = tree.filter((node) => node.subjectId === subject.id);
      return {
        subjectId: subject.id,
        subjectName: subject.name,
        subtopic_count: top.reduce((sum, node) => sum + 1 + node.subtopic_count, 0),
        file_count: top.reduce((sum, node) => sum + node.file_count, 0),
        subtopicList: top,
        vimeo_video_downlodable: vimeo,
      };
    });
    return { result, vimeo_video_downlodable: vimeo };
  }

  // A course's answer is the same for every entitled user: its bytes are kept per course, raw and compressed once
  // per encoding asked for, while the course's material version (read by the course policy; bumped by database
  // triggers on every change the answer shows) and the institute's Vimeo download switch are unchanged. A request
  // then costs its access checks and the signing of its course grant (issue 28).
  const serialize = compileAnswerSerializer(studyMaterialAnswerSchema);
  const kept = new BoundedCache<string, KeptAnswer>({ max: keptCourses });
  // Answers being built, so that requests arriving together for a changed course build it once.
  const building = new Map<string, Promise<KeptAnswer>>();
  async function keptAnswer(
    instituteId: number,
    course: { id: number; materialVersion: string },
    isVimeoDownloadable: boolean,
  ): Promise<KeptAnswer> {
    const courseId = course.id;
    const key = `${instituteId}:${courseId}`;
    const switches = isVimeoDownloadable ? 'v1' : 'v0';
    const version = `${course.materialVersion}:${switches}`;
    // The most recently asked courses are kept longest (a read counts as a use).
    const known = kept.get(key);
    if (known?.version === version) return known;
    const flight = `${key}:${version}`;
    let answer = building.get(flight);
    if (!answer) {
      answer = (async () => {
        const built = await buildMaterial(instituteId, courseId, isVimeoDownloadable);
        // The bytes leave without the serializer compiler's check in tests (answers.ts): the same check here.
        if (app.strictIds) studyMaterialAnswerSchema.parse(built);
        const entry = keptAnswerOf(version, Buffer.from(serialize(built)));
        // Kept only if nothing changed while it was read (else the next answer builds it again).
        if (`${await findMaterialVersion(app.db, instituteId, courseId)}:${switches}` === version) {
          kept.set(key, entry);
        }
        return entry;
      })().finally(() => building.delete(flight));
      building.set(flight, answer);
    }
    return answer;
  }

  defineRoute(app, libraryContract.studyMaterial, async ({ scope, request, reply }) => {
    const { instituteId } = scope.session;
    const course = scope.course!;
    const answer = await keptAnswer(instituteId, course, (await scope.settings()).isVimeoDownloadable);
    // One course grant per answer (entitlement checked by the course policy just now), handed over as a cookie
    // scoped to the course's file addresses: an <img>, <video> or download link sends it, and the file route
    // serves only files of this course under it (files.routes.ts). Signed, host-bound and short-lived as before.
    const now = app.now();
    const grant = {
      instituteId,
      courseId: course.id,
      userId: scope.session.userId,
      expiresAt: now.getTime() + fileUrlLifetimeMs,
    };
    reply.header('set-cookie', courseGrantSetCookie(app.signer, grant, now, request.protocol === 'https'));
    reply.header('vary', 'Accept-Encoding');
    reply.type('application/json; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    // Already serialised (the answer's schema wrote it) and, when asked, already compressed: sent as it is
    // (a Content-Encoding set here keeps @fastify/compress from compressing it again).
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(await answer.bytes(encoding)) as never;
  });
}

/** A course's answer as kept: its JSON, and each encoding's bytes once a request has asked for it. */
interface KeptAnswer {
  version: string;
  bytes(encoding: 'br' | 'gzip' | undefined): Promise<Buffer>;
}

function keptAnswerOf(version: string, json: Buffer): KeptAnswer {
  const compressed = new Map<'br' | 'gzip', Promise<Buffer>>();
  return {
    version,
    bytes(encoding) {
      if (!encoding) return Promise.resolve(json);
      let bytes = compressed.get(encoding);
      if (!bytes) {
        // Off the main thread (zlib's pool): requests for other routes go on while a course is compressed.
        bytes =
          encoding === 'br'
            ? brotliCompress(json, {
                params: {
                  [zlibConstants.BROTLI_PARAM_QUALITY]: keptBrotliQuality,
                  [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
                },
              })
            : gzip(json, { level: 9 });
        compressed.set(encoding, bytes);
        // A failure is not kept: the next request tries again.
        bytes.catch(() => compressed.delete(encoding));
      }
      return bytes;
    },
  };
}
