import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// From the address string: happy-dom's URL class is not the one node:url accepts.
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every screen source file under src/ (tests aside). */
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
  .map((file) => ({ file, text: readFileSync(join(src, file), 'utf8') }));

describe('tables scroll natively (the build gives Table.ScrollContainer no ScrollArea, vite.config.ts)', () => {
  it('asks every Table.ScrollContainer for type="native"', () => {
    const containers = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/<Table\.ScrollContainer\b[^>]*>/g)].map((match) => ({ file, tag: match[0] })),
    );
    expect(containers.length).toBeGreaterThan(0);
    expect(containers.filter(({ tag }) => !/\btype="native"/.test(tag))).toEqual([]);
  });
});
