// A shortcut in Node's module loader for drizzle-orm, put in place by each process's entry before it imports the
// rest (server.ts, worker.ts, cli.ts). Node 24 parses a package's `exports` again each time it resolves one of the
// package's ES module files (getPackageScopeConfig copies the package's fields, which parses the lazily kept map
// anew), and drizzle-orm's map is 130 KB. A server start resolves 438 imports inside drizzle-orm and 88 of it from the
// app: over half a second of CPU, a third of importing the app (CPU profile, session 27). drizzle-orm's files import
// each other by relative `.js` paths inside a "type": "module" package, so those resolve here to the URL and format
// Node would give them, without its package.json; a bare `drizzle-orm/…` resolves once per importing folder.
import { registerHooks, type ResolveFnOutput, type ResolveHookContext } from 'node:module';

const drizzle = '/node_modules/drizzle-orm/';
const resolved = new Map<string, ResolveFnOutput>();

/** The loader's resolve step, with the shortcut. */
export function resolveFast(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput,
): ResolveFnOutput {
  const parent = context.parentURL;
  if (!parent) return nextResolve(specifier, context);
  if (specifier.startsWith('.') && specifier.endsWith('.js') && parent.endsWith('.js') && parent.includes(drizzle)) {
    return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
  }
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    // Where a bare name resolves to depends on the importing folder (its node_modules) and the conditions only.
    const key = `${specifier}\n${new URL('.', parent).href}\n${context.conditions.join(',')}`;
    let answer = resolved.get(key);
    if (!answer) resolved.set(key, (answer = { ...nextResolve(specifier, context), shortCircuit: true }));
    return answer;
  }
  return nextResolve(specifier, context);
}

/** Puts the shortcut in this thread's module loader (worker threads have their own): first thing in an entry. */
export function registerModuleHooks(): void {
  registerHooks({ resolve: resolveFast });
}
