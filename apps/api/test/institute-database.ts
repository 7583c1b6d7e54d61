import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { createInstitute, type TestInstitute } from './factories/institutes.ts';
import { createMigratedDatabase } from './helpers.ts';

/**
 * An empty migrated database with one institute from the factories, opened before the file's tests and closed
 * after them: the start of a test that writes through an area's writer. Read its fields inside the tests.
 */
export function useInstituteDatabase(): { readonly db: Db; readonly school: TestInstitute } {
  const state = {} as { db: Db; school: TestInstitute; close?: () => Promise<void> };
  beforeAll(async () => {
    const database = await createMigratedDatabase();
    state.close = database.close;
    state.db = database.db;
    state.school = await createInstitute(state.db);
  });
  afterAll(() => state.close?.());
  return state;
}
