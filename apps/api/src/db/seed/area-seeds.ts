import { existsSync, readdirSync } from 'node:fs';
import type { DemoAreaSeed } from './context.ts';

const featuresFolder = new URL('../../features/', import.meta.url);

/**
 * Puts the seeds in an order where each runs after the areas it names in `seedAfter`, and otherwise in the order of
 * their names, so the demo's rows (and their ids) are the same on every run.
 */
export function seedOrder(seeds: readonly DemoAreaSeed[]): DemoAreaSeed[] {
  const byName = new Map(seeds.map((seed) => [seed.name, seed]));
  const done = new Set<string>();
  const ordered: DemoAreaSeed[] = [];
  const visit = (seed: DemoAreaSeed, path: string[]) => {
    if (done.has(seed.name)) return;
    if (path.includes(seed.name)) throw new Error(`demo seeds wait on each other: ${[...path, seed.name].join(' → ')}`);
    for (const name of seed.seedAfter ?? []) {
      const before = byName.get(name);
      if (!before)
        throw new Error(`features/${seed.name}/${seed.name}.seed.ts runs after '${name}', which has no seed`);
      visit(before, [...path, seed.name]);
    }
    done.add(seed.name);
    ordered.push(seed);
  };
  for (const seed of [...seeds].sort((a, b) => a.name.localeCompare(b.name))) visit(seed, []);
  return ordered;
}

/** Every area's demo content, `features/<area>/<area>.seed.ts`, found by folder: a new area adds no line here. */
export async function findAreaSeeds(): Promise<DemoAreaSeed[]> {
  const names = readdirSync(featuresFolder, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/${entry.name}.seed.ts`, featuresFolder)),
    )
    .map((entry) => entry.name);
  const seeds = await Promise.all(
    names.map(async (name) => {
      const module = (await import(new URL(`${name}/${name}.seed.ts`, featuresFolder).href)) as Omit<
        DemoAreaSeed,
        'name'
      >;
      return { name, seed: module.seed, seedAfter: module.seedAfter };
    }),
  );
  return seedOrder(seeds);
}

/**
 * The seeds of `names` and of every area they run after, in seed order: a part of the demo, for a test that checks
 * one area's content at another clock without seeding the whole demo again.
 */
export function seedsOf(seeds: readonly DemoAreaSeed[], names: readonly string[]): DemoAreaSeed[] {
  const byName = new Map(seeds.map((seed) => [seed.name, seed]));
  const wanted = new Set<string>();
  const want = (name: string) => {
    const seed = byName.get(name);
    if (!seed) throw new Error(`no demo seed for area '${name}'`);
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const before of seed.seedAfter ?? []) want(before);
  };
  for (const name of names) want(name);
  return seeds.filter((seed) => wanted.has(seed.name));
}
