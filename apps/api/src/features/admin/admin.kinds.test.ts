import type { AdminKind } from '@campus/domain/admin/admin.endpoints';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminKey, kindExamples } from '../../../test/admin-kit.ts';
import { createInstitute } from '../../../test/factories.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { adminAudit, libraryTopics } from '../../db/schema/index.ts';
import { findExternalIds } from './admin.repository.ts';

// The rules of the kinds beyond the shared table (admin.routes.test.ts runs every kind's create, rerun, change,
// broken row and key checks): nested library topics, matching questions and passages, offline exam results.
describe('admin API: nested topics, matching questions, passages and offline results', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  let instituteId: number;
  const host = 'kinds.test';

  const send = (kind: string, rows: unknown[], options: { remove?: boolean } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/v1/${kind}${options.remove ? '/delete' : ''}`,
      headers: { host, 'x-api-key': key },
      payload: { rows },
    });
  const idOf = async (kind: AdminKind, externalId: string) =>
    (await findExternalIds(app.db, instituteId, kind, [externalId])).get(externalId)?.internalId;
  const auditOf = (kind: string) =>
    app.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.instituteId, instituteId), eq(adminAudit.kind, kind)));

  beforeAll(async () => {
    const database = await createMigratedDatabase();
    instituteId = (await createInstitute(database.db, { host })).id;
    ({ key } = await createAdminKey(database.db, instituteId));
    app = await createTestApp({ database });
    // Every kind's example rows, in load order, as the frame the rows below hang on.
    for (const example of kindExamples) {
      const response = await send(example.kind, example.rows);
      expect(response.statusCode, `${example.kind}: ${response.body}`).toBe(200);
    }
  });
  afterAll(() => app.close());

  describe('library-topics', () => {
    const topic = (externalId: string, parent?: string, subject = 'LS6M') => ({
      external_id: externalId,
      subject_external_id: subject,
      name: `Topic ${externalId}`,
      ...(parent ? { parent_topic_external_id: parent } : {}),
    });
    const parentOf = async (externalId: string) => {
      const [row] = await app.db
        .select({ parentId: libraryTopics.parentId })
        .from(libraryTopics)
        .where(
          and(
            eq(libraryTopics.instituteId, instituteId),
            eq(libraryTopics.id, (await idOf('library-topics', externalId))!),
          ),
        );
      return row!.parentId;
    };

    it('creates subtopics naming parents created later in the same batch, and a rerun is unchanged', async () => {
      const rows = [topic('N-C', 'N-B'), topic('N-B', 'N-A'), topic('N-A', 'LT-FR')];
      const response = await send('library-topics', rows);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ created: 3 });
      expect(response.json().rows.map((row: { key: string }) => row.key)).toEqual(['N-C', 'N-B', 'N-A']);
      expect(await parentOf('N-C')).toBe(await idOf('library-topics', 'N-B'));
      expect(await parentOf('N-B')).toBe(await idOf('library-topics', 'N-A'));
      expect(await parentOf('N-A')).toBe(await idOf('library-topics', 'LT-FR'));
      expect((await send('library-topics', rows)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    });

    it('moves a subtopic to the top level when its parent is left empty', async () => {
      const response = await send('library-topics', [topic('N-C')]);
      expect(response.json()).toMatchObject({ updated: 1 });
      expect(await parentOf('N-C')).toBeNull();
      expect((await send('library-topics', [topic('N-C', 'N-B')])).json()).toMatchObject({ updated: 1 });
    });

    it('refuses a parent of another subject, naming the row and the field, and writes nothing', async () => {
      const before = (await auditOf('library-topics')).length;
      const response = await send('library-topics', [topic('N-D', 'N-A'), topic('N-E', 'LT-PL')]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe('row 1, parent_topic_external_id: names a topic of another subject');
      expect(await idOf('library-topics', 'N-D')).toBeUndefined();
      expect(await auditOf('library-topics')).toHaveLength(before);
    });

    it('refuses to move a topic to another subject while its subtopics stay', async () => {
      const response = await send('library-topics', [topic('N-B', 'LT-PL', 'LS6S')]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(
        'row 0, subject_external_id: differs from the subject of its subtopics; move them with it',
      );
    });

    it('refuses a topic as its own parent, and circles through rows of one batch', async () => {
      const self = await send('library-topics', [topic('N-F', 'N-F')]);
      expect(self.statusCode).toBe(422);
      expect(self.json().message).toBe(
        'row 0, parent_topic_external_id: must name another topic: a topic cannot be its own parent',
      );
      const circle = await send('library-topics', [topic('N-G', 'N-H'), topic('N-H', 'N-I'), topic('N-I', 'N-G')]);
      expect(circle.statusCode).toBe(422);
      expect(circle.json().message).toBe(
        'row 0, parent_topic_external_id: makes the topic its own ancestor; ' +
          'row 1, parent_topic_external_id: makes the topic its own ancestor; ' +
          'row 2, parent_topic_external_id: makes the topic its own ancestor',
      );
      expect(await idOf('library-topics', 'N-G')).toBeUndefined();
    });

    it('refuses a circle through stored topics: a topic under its own subtopic', async () => {
      const response = await send('library-topics', [topic('N-A', 'N-C')]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe('row 0, parent_topic_external_id: makes the topic its own ancestor');
      expect(await parentOf('N-A')).toBe(await idOf('library-topics', 'LT-FR'));
    });

    it('refuses to delete a topic with subtopics, and deletes it with them in one batch', async () => {
      const refused = await send('library-topics', [{ external_id: 'N-B' }], { remove: true });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        'row 0, external_id: has 1 subtopics; delete or move them first (or in the same batch)',
      );
      const deleted = await send('library-topics', [{ external_id: 'N-B' }, { external_id: 'N-C' }], { remove: true });
      expect(deleted.json()).toMatchObject({ deleted: 2 });
      expect(await idOf('library-topics', 'N-C')).toBeUndefined();
    });
  });
});
