// The order a vitest run starts its files in: the longest first, so no long file starts last and holds one of the two
// workers while the other has nothing left (a run's span is then close to the files' summed time over the workers).
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest, in seconds, read off the default reporter of a clean clone's `npm test` (session 29).
 * Vitest's own order puts the files it has timed before (its cache, which a clean clone lacks) longest first, else the
 * largest first: the accessibility walk's two files are 4 lines each over a shared module, so they started last of the
 * E2E tier. They happened to start together and end together, so that cost little; had one started a file later, one
 * worker would have walked alone for over a minute at the end. Only the order uses these figures; refresh them when a
 * file's time changes by much.
 */
export const measuredSeconds: Readonly<Record<string, number>> = {
  'e2e/accessibility.e2e.ts': 85,
  'e2e/accessibility-tinted.e2e.ts': 81,
  'e2e/phone.e2e.ts': 58,
  'e2e/defects.e2e.ts': 56,
  'e2e/phone-sweep.e2e.ts': 52,
  'e2e/panel-recovery.e2e.ts': 34,
  'e2e/timetable.e2e.ts': 33,
  'e2e/auth.e2e.ts': 32,
  'e2e/library.e2e.ts': 27,
  'e2e/home.e2e.ts': 27,
  'e2e/report.e2e.ts': 26,
  'e2e/offline.e2e.ts': 25,
  'e2e/desk.e2e.ts': 24,
  'e2e/admin.e2e.ts': 23,
  'e2e/alerts-digest.e2e.ts': 21,
  'apps/api/test/upload-crash.test.ts': 44,
  'apps/api/test/routes-fuzz.test.ts': 31,
  'apps/api/test/server-process.test.ts': 27,
  'apps/api/src/features/alerts/alerts.demo.test.ts': 27,
  'apps/api/src/lib/office-preview.test.ts': 20,
  'apps/api/src/lib/document-sandbox.test.ts': 17,
  'apps/api/src/features/admin/import.cli.test.ts': 11,
};

/** Vitest's order, then the measured files moved to the front, longest first (a stable sort keeps the rest). */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (file: TestSpecification) => measuredSeconds[relative(this.ctx.config.root, file.moduleId)] ?? 0;
    return (await super.sort(files)).sort((a, b) => seconds(b) - seconds(a));
  }
}
