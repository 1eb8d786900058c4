// Global setup of the server projects (server-pglite, server-pg): one migrated template database
// per run, which every test file copies (tests/server/helpers/db.ts) instead of creating and
// migrating its own from nothing.
import type { TestProject } from 'vitest/node';
import { createTemplate } from './server/helpers/db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB === 'pg' ? 'pg' : 'pglite';
  const started = Date.now();
  const template = await createTemplate(kind);
  if (kind === 'pg') project.provide('pgTemplate', template.value);
  else project.provide('pgliteTemplate', template.value);
  if (process.env.TEST_TIMINGS) console.log(`[${project.name}] template ${template.value} in ${Date.now() - started} ms`);
  return template.remove;
}
