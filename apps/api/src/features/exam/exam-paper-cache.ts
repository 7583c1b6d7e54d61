import { attemptAnswerSchema, type PaperQuestion } from '@campus/domain/exam/exam.contract';
import type { FastifyInstance } from 'fastify';
import { compileAnswerSerializer } from '../../access/answers.ts';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { keptHead, type KeptHead } from '../../lib/kept-head.ts';
import { fileUrl } from '../../lib/signed-urls.ts';
import { sanitiseLetteredHtml, sanitiseStaffHtml } from '../../lib/staff-html.ts';
import { mimeForKey } from '../../lib/storage.ts';
import { findPaper, type PaperRows } from './exam.repository.ts';

/** Signed media addresses live as long as a long test. */
const mediaUrlLifetimeMs = 6 * 60 * 60 * 1000;
/** How many tests' papers are kept serialised and compressed (a 100-question paper: ~60 KB raw, a few KB br). */
const keptPaperCount = 64;
/** How many tests' question indexes the saves' checks keep, and for how long. */
const questionIndexCount = 10_000;
const questionIndexMs = 60_000;
const hourMs = 60 * 60 * 1000;

// The panel's answers (attempt, view) are the paper, the same for everyone taking the test, then the request's own
// fields: the paper is serialised and compressed once per change (kept-head.ts), the rest on each request.
export const paperFields = { sections: true, passages: true, questions: true } as const;
const paperPartSchema = attemptAnswerSchema.pick(paperFields);
const serializePaperPart = compileAnswerSerializer(paperPartSchema);

/** A paper as kept: its rows (for the key and the save checks) and its part of the answer, raw and compressed. */
export interface KeptPaper {
  version: number;
  hour: number;
  hasMedia: boolean;
  rows: PaperRows;
  head: KeptHead;
}

/** A test's question types and option counts by question number, for checking saves. */
export type QuestionIndex = Map<number, { type: number; options: number }>;

const indexOfPaper = ({ questions }: PaperRows): QuestionIndex =>
  new Map(
    questions.map((question) => [question.questionNo, { type: question.quesType, options: question.options.length }]),
  );

/** The paper's questions as they leave the server: sanitised, media signed; never the key or the solution. */
function paperQuestions(app: FastifyInstance, paper: PaperRows, instituteId: number, expiresAt: number) {
  return paper.questions.map((question): PaperQuestion => ({
    question_no: question.questionNo,
    section_id: question.sectionId,
    passage_id: question.passageId,
    ques_type: question.quesType,
    question: sanitiseStaffHtml(question.question),
    marks: question.marks,
    negative_marks: question.negativeMarks,
    media:
      question.mediaType && question.mediaFileKey
        ? {
            media_type: question.mediaType as 'image' | 'audio' | 'video',
            source_path: fileUrl(app.signer, {
              instituteId,
              key: question.mediaFileKey,
              name: `question-${question.questionNo}`,
              type: mimeForKey(question.mediaFileKey),
              disposition: 'inline',
              expiresAt,
            }),
          }
        : null,
    options: sanitiseLetteredHtml(question.options),
    match_options: sanitiseLetteredHtml(question.matchOptions),
  }));
}

/** The app's kept papers and question indexes (one set per app: a test app starts with none). */
export function examPaperCache(app: FastifyInstance) {
  const keptPapers = new BoundedCache<string, KeptPaper>({ max: keptPaperCount });
  // Papers being built, so that a class opening the panel together builds a changed paper once.
  const buildingPapers = new Map<string, Promise<KeptPaper>>();
  const questionIndex = new BoundedCache<string, Promise<QuestionIndex>>({
    max: questionIndexCount,
    ttlMs: questionIndexMs,
  });

  /**
   * The test's paper as kept while its version (read with the test, before the paper: a paper read after a change
   * is never kept under the version before it) is unchanged. Its signed media addresses expire 6 to 7 hours after a
   * request: a paper with media is built again each hour.
   */
  function keptPaper(instituteId: number, test: { id: number; paperVersion: number }, now: number) {
    const key = `${instituteId}:${test.id}`;
    const hour = Math.floor(now / hourMs);
    // The most recently asked papers are kept longest (a read counts as a use).
    const known = keptPapers.get(key);
    if (known && known.version === test.paperVersion && (!known.hasMedia || known.hour === hour)) {
      return Promise.resolve(known);
    }
    const flight = `${key}:${test.paperVersion}:${hour}`;
    let building = buildingPapers.get(flight);
    if (!building) {
      building = (async () => {
        const rows = await findPaper(app.db, instituteId, test.id);
        const part = {
          sections: rows.sections.map((section) => ({ section_id: section.id, name: section.name })),
          // Staff HTML leaves only through the sanitiser, whatever wrote the row.
          passages: rows.passages.map((passage) => ({ passage_id: passage.id, text: sanitiseStaffHtml(passage.text) })),
          // The key, the solution and the stored file keys stay here.
          questions: paperQuestions(app, rows, instituteId, (hour + 1) * hourMs + mediaUrlLifetimeMs),
        };
        // The bytes leave without the serializer compiler's check in tests (answers.ts): the same check here.
        if (app.strictIds) paperPartSchema.parse(part);
        // '{"sections":…,"questions":[…]}' opens the answer: its closing brace becomes the comma before the rest.
        const json = serializePaperPart(part);
        const entry: KeptPaper = {
          version: test.paperVersion,
          hour,
          hasMedia: rows.questions.some((question) => question.mediaType && question.mediaFileKey),
          rows,
          head: keptHead(Buffer.from(`${json.slice(0, -1)},`)),
        };
        keptPapers.set(key, entry);
        return entry;
      })().finally(() => buildingPapers.delete(flight));
      buildingPapers.set(flight, building);
    }
    return building;
  }

  /**
   * Each test's question types and option counts, for checking saves: a paper does not change while it is taken,
   * so it is read once a minute at most rather than on every save. `paper`: one just read (the panel opening), kept
   * so the saves that follow need not read it again.
   */
  function questionsOf(instituteId: number, testId: number, paper?: PaperRows) {
    return questionIndex.remember(`${instituteId}:${testId}`, () =>
      paper ? Promise.resolve(indexOfPaper(paper)) : findPaper(app.db, instituteId, testId).then(indexOfPaper),
    );
  }

  return { keptPaper, questionsOf };
}

/** The app's paper cache, as the panel's routes and the attempt service take it. */
export type ExamPaperCache = ReturnType<typeof examPaperCache>;
