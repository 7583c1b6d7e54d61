// Vitest globalSetup of the `api` and `api-postgres` projects: seeds the demo once per run for every test file.
import type { TestProject } from 'vitest/node';
import { createTemplate } from './template.ts';

export default async function setup(project: TestProject) {
  const onPostgres = project.config.env?.API_TEST_TARGET === 'postgres';
  const { template, remove } = await createTemplate(onPostgres ? 'postgres' : 'pglite');
  project.provide('apiTemplate', template);
  return remove;
}
