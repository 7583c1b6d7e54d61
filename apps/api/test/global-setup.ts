// Vitest globalSetup of the `api*` projects: seeds the demo once per run for every test file. The projects of one
// target (`api` and `api-isolated`; `api-postgres` and `api-postgres-isolated`) share one template: vitest runs
// each project's global setup in the same main process, so the first one creates it and the last one removes it.
// It is built in the background: vitest runs every project's global setup before any file, and waiting here for
// the seed held the domain, web and factory-built API files back (13-20 s of the tier on 2 cores, session 21);
// a file that needs a part waits for it (`templatePart`).
import type { TestProject } from 'vitest/node';
import { createTemplate, type ApiTemplate } from './template.ts';

interface Shared {
  template: ApiTemplate;
  built: Promise<void>;
  remove: () => Promise<void>;
  users: number;
}

// On globalThis: each project may load this module afresh.
const shared = ((globalThis as { __apiTemplates?: Map<string, Shared> }).__apiTemplates ??= new Map());

export default function setup(project: TestProject) {
  const target = project.config.env?.API_TEST_TARGET === 'postgres' ? 'postgres' : 'pglite';
  let entry = shared.get(target);
  if (!entry) shared.set(target, (entry = { ...createTemplate(target), users: 0 }));
  entry.users += 1;
  const { remove } = entry;
  project.provide('apiTemplate', entry.template);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.delete(target);
    await remove();
  };
}
