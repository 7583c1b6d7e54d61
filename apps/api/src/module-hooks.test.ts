import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ResolveFnOutput, ResolveHookContext } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { resolveFast } from './module-hooks.ts';

const drizzleFile = 'file:///app/node_modules/drizzle-orm/pg-core/table.js';
const appFile = 'file:///app/apps/api/src/features/fees/fees.repository.ts';
const context = (parentURL: string | undefined): ResolveHookContext => ({
  conditions: ['node', 'import'],
  importAttributes: {},
  parentURL,
});
const loader = () =>
  vi.fn((specifier: string): ResolveFnOutput => ({ url: `file:///resolved/${specifier}`, format: 'module' }));

describe("the module loader's shortcut", () => {
  it("resolves drizzle-orm's relative imports without the loader, to the file and format Node gives", () => {
    const next = loader();
    expect(resolveFast('../columns/common.js', context(drizzleFile), next)).toEqual({
      url: 'file:///app/node_modules/drizzle-orm/columns/common.js',
      format: 'module',
      shortCircuit: true,
    });
    expect(next).not.toHaveBeenCalled();
  });

  it('leaves every other import to the loader: other packages, CommonJS files, the entry', () => {
    const next = loader();
    resolveFast('./common.js', context('file:///app/node_modules/fastify/lib/route.js'), next);
    resolveFast('./table.cjs', context('file:///app/node_modules/drizzle-orm/pg-core/table.cjs'), next);
    resolveFast('./app.ts', context(appFile), next);
    resolveFast('fastify', context(appFile), next);
    resolveFast('fastify', context(appFile), next);
    resolveFast('file:///app/apps/api/src/server.ts', context(undefined), next);
    expect(next).toHaveBeenCalledTimes(6);
  });

  it('asks the loader for a bare drizzle-orm import once per importing folder and conditions', () => {
    const next = loader();
    const sameFolder = 'file:///app/apps/api/src/features/fees/fees.writer.ts';
    const first = resolveFast('drizzle-orm/pg-core', context(appFile), next);
    expect(resolveFast('drizzle-orm/pg-core', context(sameFolder), next)).toEqual(first);
    expect(first).toEqual({ url: 'file:///resolved/drizzle-orm/pg-core', format: 'module', shortCircuit: true });
    expect(next).toHaveBeenCalledTimes(1);
    resolveFast('drizzle-orm/pg-core', context('file:///app/apps/api/src/db/client.ts'), next);
    resolveFast('drizzle-orm/pg-core', { ...context(appFile), conditions: ['node', 'require'] }, next);
    resolveFast('drizzle-orm', context(appFile), next);
    expect(next).toHaveBeenCalledTimes(4);
  });

  it('loads every drizzle-orm entry the app imports, with the same exports as without it', () => {
    const entries = [
      'drizzle-orm',
      'drizzle-orm/pg-core',
      'drizzle-orm/pglite',
      'drizzle-orm/pglite/migrator',
      'drizzle-orm/node-postgres',
      'drizzle-orm/node-postgres/migrator',
    ];
    const hooks = fileURLToPath(new URL('./module-hooks.ts', import.meta.url));
    const script = (withHooks: boolean) => `
      ${withHooks ? `(await import(${JSON.stringify(hooks)})).registerModuleHooks();` : ''}
      const names = {};
      for (const entry of ${JSON.stringify(entries)}) names[entry] = Object.keys(await import(entry)).sort();
      console.log(JSON.stringify(names));`;
    const run = (withHooks: boolean) => {
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script(withHooks)], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        encoding: 'utf8',
      });
      expect(child.stderr).toBe('');
      return JSON.parse(child.stdout) as Record<string, string[]>;
    };
    const shortcut = run(true);
    expect(shortcut['drizzle-orm/pg-core']).toContain('pgTable');
    expect(shortcut).toEqual(run(false));
  });
});
