// Vitest globalSetup of the `api*` projects: seeds the demo once per run for every test file. The projects of one
// target (`api` and `api-isolated`; `api-postgres` and `api-postgres-isolated`) share one template: vitest runs
// each project's global setup in the same main process, so the first one creates it and the last one removes it.
import type { TestProject } from 'vitest/node';
import { createTemplate, type ApiTemplate } from './template.ts';

interface Shared {
  template: Promise<{ template: ApiTemplate; remove: () => Promise<void> }>;
  users: number;
}

// On globalThis: each project may load this module afresh.
const shared = ((globalThis as { __apiTemplates?: Map<string, Shared> }).__apiTemplates ??= new Map());

export default async function setup(project: TestProject) {
  const target = project.config.env?.API_TEST_TARGET === 'postgres' ? 'postgres' : 'pglite';
  let entry = shared.get(target);
  if (!entry) shared.set(target, (entry = { template: createTemplate(target), users: 0 }));
  entry.users += 1;
  const { template, remove } = await entry.template;
  project.provide('apiTemplate', template);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.delete(target);
    await remove();
  };
}
