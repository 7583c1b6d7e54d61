// Test rows of the auth area (see ./institutes.ts for the conventions).
import type { Db } from '../../src/db/client.ts';
import { instituteApiKeys } from '../../src/db/schema/auth.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** An API key of the institute's own systems (what `x-api-key` carries to mint SSO links); answers the key. */
export async function createApiKey(db: Db, institute: TestInstitute, key = `test-api-key-${nextNumber()}`) {
  await db.insert(instituteApiKeys).values({ instituteId: institute.id, name: 'test', keyHash: hashToken(key) });
  return key;
}
