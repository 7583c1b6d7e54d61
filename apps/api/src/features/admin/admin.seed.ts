import { hashToken } from '../../lib/tokens.ts';
import { adminApiKeys } from '../../db/schema/admin.ts';
import type { DemoContext } from '../../db/seed/context.ts';

/** Public admin API keys of the demo institutes (like their SSO keys: the demo's credentials are public). */
export const demoAdminKeys = {
  greenfield: 'demo-greenfield-admin-key',
  apex: 'demo-apex-admin-key',
} as const;

/** An admin API key per demo institute, so the admin API can be tried on `npm start` (docs/admin-api.md). */
export async function seed({ tx, institutes: { greenfield, apex } }: DemoContext) {
  await tx.insert(adminApiKeys).values([
    { instituteId: greenfield.id, name: 'demo', keyHash: hashToken(demoAdminKeys.greenfield) },
    { instituteId: apex.id, name: 'demo', keyHash: hashToken(demoAdminKeys.apex) },
  ]);
}
