import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirst, measuredSeconds } from './longest-first.ts';

const root = resolve(import.meta.dirname, '..');

/** A file of `project` as the sequencer sees it: vitest has never timed it (a clean clone) and it is `size` bytes. */
const spec = (path: string, size: number, project = 'e2e') =>
  ({
    moduleId: join(root, path),
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } },
    size,
  }) as unknown as TestSpecification & { size: number };

function sequencer(sizes: Map<string, number>) {
  const ctx = {
    config: { root },
    cache: {
      getFileTestResults: () => undefined,
      getFileStats: (key: string) => ({ size: sizes.get(key.slice(key.indexOf(':') + 1)) }),
    },
  };
  return new LongestFirst(ctx as unknown as Vitest);
}

describe('the order of a run (scripts/longest-first.ts)', () => {
  it('starts the measured long files first, longest first, then the rest in vitest’s order (largest first)', async () => {
    const files = [
      spec('e2e/fees.e2e.ts', 4_000),
      spec('e2e/accessibility-tinted.e2e.ts', 200),
      spec('e2e/defects.e2e.ts', 20_000),
      spec('e2e/shell.e2e.ts', 6_000),
      spec('e2e/accessibility.e2e.ts', 210),
    ];
    const sizes = new Map(files.map((file) => [file.moduleId.slice(root.length + 1), file.size]));
    const sorted = await sequencer(sizes).sort(files);
    expect(sorted.map((file) => file.moduleId.slice(root.length + 1))).toEqual([
      'e2e/accessibility.e2e.ts',
      'e2e/accessibility-tinted.e2e.ts',
      'e2e/defects.e2e.ts',
      'e2e/shell.e2e.ts',
      'e2e/fees.e2e.ts',
    ]);
  });

  it('names only files that exist (a renamed file would lose its place silently)', () => {
    const missing = Object.keys(measuredSeconds).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });
});
