import { adminColumns } from '@campus/domain/admin/admin.contract';
import { adminKinds } from '@campus/domain/admin/admin.endpoints';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminKey } from '../../../test/admin-kit.ts';
import { createInstitute } from '../../../test/factories/institutes.ts';
import { createMigratedDatabase, createTestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';

/** What a broken office export or an attacker puts in a cell. */
const hostileCell = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', "' OR 1=1 --", '31-02-2026', '2026-13-45', '1e400', 'NaN', 'yes', 'S1|S1', '😀'),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);

// With a valid admin key, so the rows get past authentication to the row checks and the writes.
describe('hostile rows to every admin upsert and delete', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    const school = await createInstitute(database.db, { host: 'fuzz.test' });
    ({ key } = await createAdminKey(database.db, school.id));
    app = await createTestApp({ database });
  });
  afterAll(() => app.close());

  for (const kind of adminKinds) {
    it(`${kind}: malformed batches answer 2xx or 4xx, never 5xx or a stack`, async () => {
      const columns = adminColumns(kind).map((column) => column.name);
      const row = fc.dictionary(fc.constantFrom(...columns, '__proto__', 'id'), hostileCell, { maxKeys: 8 });
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.record({ rows: fc.array(row, { maxLength: 4 }) }), fc.anything()),
          fc.boolean(),
          async (body, remove) => {
            const response = await app.inject({
              method: 'POST',
              url: `/api/admin/v1/${kind}${remove ? '/delete' : ''}`,
              headers: { host: 'fuzz.test', 'x-api-key': key, 'content-type': 'application/json' },
              payload: JSON.stringify(body) ?? 'null',
            });
            expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
            expect(response.body).not.toMatch(/\n\s+at |node_modules|Error: /);
          },
        ),
        { numRuns: 60, seed: 20261123 },
      );
    });
  }

  it('files: hostile uploads (names, ids, contents, part order) and deletes answer 2xx or 4xx, never 5xx or a stack', async () => {
    const name = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        'a.pdf',
        '../../etc/passwd',
        'x.exe',
        '.pdf',
        'a\u202Egnp.pdf',
        'con.txt',
        'a'.repeat(300) + '.pdf',
      ),
    );
    const content = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      fc.constantFrom(Buffer.from('%PDF-1.4\n'), Buffer.from('\u0000\u0000'), Buffer.alloc(0)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.record({ external_id: hostileCell }), fc.anything()),
        name,
        content,
        fc.boolean(),
        fc.boolean(),
        async (fileJson, filename, bytes, jsonFirst, remove) => {
          const body = remove
            ? { payload: JSON.stringify({ rows: [fileJson] }), headers: { 'content-type': 'application/json' } }
            : multipart([{ filename: filename.replaceAll('"', ''), content: bytes }], fileJson, { jsonFirst });
          const response = await app.inject({
            method: 'POST',
            url: `/api/admin/v1/files${remove ? '/delete' : ''}`,
            headers: { host: 'fuzz.test', 'x-api-key': key, ...body.headers },
            payload: body.payload,
          });
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
          expect(response.body).not.toMatch(/\n\s+at |node_modules|Error: /);
        },
      ),
      { numRuns: 60, seed: 20261123 },
    );
  });
});
