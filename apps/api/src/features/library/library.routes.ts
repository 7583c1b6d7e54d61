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
import { entitlementValues, findEntitledCourses } from '../../access/library-access.ts';
import { compileAnswerSerializer } from '../../access/answers.ts';
import { defineRoute } from '../../access/define-route.ts';
import { courseFilesBase } from '../../lib/signed-urls.ts';
import { registerVideoSource, type VideoHost } from '../../lib/video-sources.ts';
import {
  addWatch,
  findEntitledVideoFile,
  findFiles,
  findMaterialVersion,
  findSubjects,
  findTopics,
} from './library.repository.ts';

/** Signed file addresses live as long as a study session is likely to keep the page open. */
const fileUrlLifetimeMs = 30 * 60 * 1000;

/** Where a kept answer's file addresses carry the course grant (`~` never appears in a grant or a path). */
const grantPlaceholder = '/api/v1/files/course/~grant~';

/** How many courses' answers are kept (each up to a few MB for the largest courses). */
const keptCourses = 16;

const categoryOfKind: Record<string, string> = { vimeo: 'Vimeo', youtube: 'Youtube URL', vdocipher: 'VDOCipher' };

// Library files holding a Vimeo, VdoCipher or YouTube id answer the shared video calls (media area).
registerVideoSource({
  name: 'library',
  async find({ db, instituteId, videoId, entitlement }) {
    const file = await findEntitledVideoFile(db, entitlement, videoId);
    if (!file) return undefined;
    return {
      host: file.kind as VideoHost,
      videoId,
      source: 'library',
      countWatch: (database) => addWatch(database, instituteId, file.id, 1, 0),
      addWatchSeconds: (database, seconds) => addWatch(database, instituteId, file.id, 0, seconds),
    };
  },
});

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

  /** A course's answer built with `grantPlaceholder` where its file addresses' course grant goes. */
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
    const base = grantPlaceholder;
    const shareDates = new Map<string, string>();
    const filesByTopic = new Map<number, Record<string, MaterialItem[]>>();
    for (const row of files) {
      let map = filesByTopic.get(row.topicId);
      if (!map) filesByTopic.set(row.topicId, (map = {}));
      const url = row.hasFile ? `${base}/${row.id}` : '';
      // Posters are served under the same course grant, hosted videos' included (they have no file of their own).
      const posterList = Array.from({ length: row.posters }, (_, index) => ({
        posterUrl: `${base}/${row.id}?poster=${index}`,
      }));
      let shareDate = shareDates.get(row.sharedOn);
      if (shareDate === undefined) shareDates.set(row.sharedOn, (shareDate = ddMmYyyy(row.sharedOn)));
      (map[row.type] ??= []).push({
        title: row.title,
        file_name: row.fileName,
        file_id: row.id,
        file_url: url,
        preview_url: row.kind === 'office' && url ? `${url}?preview=pdf` : '',
        videoID: row.kind === 'vimeo' || row.kind === 'vdocipher' ? (row.videoId ?? '') : '',
        youtubeVideoID: row.kind === 'youtube' ? (row.videoId ?? '') : '',
        is_vdocipher: row.kind === 'vdocipher',
        is_vimeo: row.kind === 'vimeo',
        is_readonly: row.isReadonly ? 'Y' : 'N',
        student_file_share_date: shareDate,
        category_name: categoryOfKind[row.kind] ?? row.type,
        video_url: row.kind === 'video' ? url : '',
        posterUrl: row.kind === 'image' ? url : (posterList[0]?.posterUrl ?? ''),
        posterList,
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

  // A course's answer is the same for every entitled user but for the course grant in its file addresses: its
  // bytes are kept per course (written once by the route's compiled serializer) while the course's material version
  // (read by the course policy; bumped by database triggers on every change the answer shows) and the institute's
  // Vimeo download switch are unchanged, and each answer puts the user's own grant in place of the placeholder.
  const serialize = compileAnswerSerializer(studyMaterialAnswerSchema);
  const kept = new Map<string, { version: string; json: string }>();
  // Answers being built, so that requests arriving together for a changed course build it once.
  const building = new Map<string, Promise<string>>();
  async function materialJson(
    instituteId: number,
    course: { id: number; materialVersion: string },
    isVimeoDownloadable: boolean,
  ): Promise<string> {
    const courseId = course.id;
    const key = `${instituteId}:${courseId}`;
    const switches = isVimeoDownloadable ? 'v1' : 'v0';
    const version = `${course.materialVersion}:${switches}`;
    const known = kept.get(key);
    if (known?.version === version) {
      // The most recently asked courses are kept longest.
      kept.delete(key);
      kept.set(key, known);
      return known.json;
    }
    const flight = `${key}:${version}`;
    let json = building.get(flight);
    if (!json) {
      json = (async () => {
        const answer = await buildMaterial(instituteId, courseId, isVimeoDownloadable);
        // The bytes leave without the serializer compiler's check in tests (answers.ts): the same check here.
        if (app.strictIds) studyMaterialAnswerSchema.parse(answer);
        const built = serialize(answer);
        // Kept only if nothing changed while it was read (else the next answer builds it again).
        if (`${await findMaterialVersion(app.db, instituteId, courseId)}:${switches}` === version) {
          kept.delete(key);
          kept.set(key, { version, json: built });
          if (kept.size > keptCourses) kept.delete(kept.keys().next().value!);
        }
        return built;
      })().finally(() => building.delete(flight));
      building.set(flight, json);
    }
    return json;
  }

  defineRoute(app, libraryContract.studyMaterial, async ({ scope, reply }) => {
    const { instituteId } = scope.session;
    const course = scope.course!;
    const json = await materialJson(instituteId, course, (await scope.settings()).isVimeoDownloadable);
    // One course grant for the whole answer (entitlement checked by the course policy just now): each file's
    // address is the grant and the file's id, and the file route serves only files of this course.
    const base = courseFilesBase(app.signer, {
      instituteId,
      courseId: course.id,
      userId: scope.session.userId,
      expiresAt: app.now().getTime() + fileUrlLifetimeMs,
    });
    // Already serialised: sent as it is (the answer's schema wrote it).
    return reply.type('application/json; charset=utf-8').send(json.replaceAll(grantPlaceholder, base)) as never;
  });
}
