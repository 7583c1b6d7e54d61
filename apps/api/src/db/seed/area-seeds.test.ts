import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findAreaSeeds, seedOrder, seedsOf } from './area-seeds.ts';
import type { DemoAreaSeed } from './context.ts';

const seed = (name: string, seedAfter?: string[]): DemoAreaSeed => ({ name, seed: async () => {}, seedAfter });
const names = (seeds: DemoAreaSeed[]) => seeds.map((one) => one.name);

describe('the demo seeds of the areas', () => {
  it('run in name order, each after the areas it names', () => {
    const ordered = seedOrder([seed('report', ['exam']), seed('exam', ['products']), seed('products'), seed('fees')]);
    expect(names(ordered)).toEqual(['products', 'exam', 'fees', 'report']);
  });

  it('give a part of the demo: the areas asked for and those they run after, in seed order', () => {
    const all = seedOrder([seed('report', ['exam']), seed('exam', ['products']), seed('products'), seed('fees')]);
    expect(names(seedsOf(all, ['report']))).toEqual(['products', 'exam', 'report']);
    expect(names(seedsOf(all, ['fees']))).toEqual(['fees']);
    expect(() => seedsOf(all, ['shop'])).toThrow("no demo seed for area 'shop'");
  });

  it('refuse a seed that waits on an area with no seed, or seeds that wait on each other', () => {
    expect(() => seedOrder([seed('exam', ['shop'])])).toThrow("runs after 'shop', which has no seed");
    expect(() => seedOrder([seed('a', ['b']), seed('b', ['a'])])).toThrow('demo seeds wait on each other: a → b → a');
  });

  it('are found by folder: every features/<area>/<area>.seed.ts, and no seed file named otherwise', async () => {
    const features = new URL('../../features/', import.meta.url);
    const seedFiles = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter((path) =>
      path.endsWith('.seed.ts'),
    );
    const found = await findAreaSeeds();
    expect(seedFiles.sort()).toEqual(
      names(found)
        .map((name) => `${name}/${name}.seed.ts`)
        .sort(),
    );
    expect(found.length).toBeGreaterThanOrEqual(14);
  });
});
