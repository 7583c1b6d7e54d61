import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { guideDir, guideIndex, readGuidePage, screensTable, withScreensTable } from './guide-index.mjs';

const page = (order: number, title: string, address: string) =>
  `# ${title}\n\n<!-- guide index (npm run docs:guide-index): ${order} | ${address} -->\n\nText.\n`;

describe('the user guide’s Screens table (npm run docs:guide-index)', () => {
  it('is what the guide’s pages give: run `npm run docs:guide-index` after adding or changing a page', () => {
    const { readme, written } = guideIndex();
    expect(readme).toBe(written);
  });

  it('lists the pages by their place, each linked under its title', () => {
    const table = screensTable([
      readGuidePage('b.md', page(20, 'Second', '`/b`')),
      readGuidePage('a.md', page(10, 'First', '`/a`, `/a/{id}`')),
    ]);
    expect(table.split('\n')).toEqual([
      '| Page           | Address (under `/my-account`) |',
      '| -------------- | ----------------------------- |',
      '| [First](a.md)  | `/a`, `/a/{id}`               |',
      '| [Second](b.md) | `/b`                          |',
    ]);
  });

  it('is written as Prettier formats it', async () => {
    const file = join(guideDir, 'README.md');
    const { written } = guideIndex();
    const options = await prettier.resolveConfig(file);
    expect(await prettier.format(written, { ...options, filepath: file })).toBe(written);
  });

  it('refuses a page without its index line, and two pages at one place', () => {
    expect(() => readGuidePage('x.md', '# X\n\nText.\n')).toThrow(/x\.md: no .*guide index/);
    const twice = [readGuidePage('a.md', page(10, 'A', '`/a`')), readGuidePage('b.md', page(10, 'B', '`/b`'))];
    expect(() => screensTable(twice)).toThrow(/place 10/);
  });

  it('replaces only the table under "## Screens"', () => {
    const readme = '# Guide\n\n## Screens\n\n| old |\n| --- |\n\n## Next\n\n| kept |\n';
    expect(withScreensTable(readme, '| new |')).toBe('# Guide\n\n## Screens\n\n| new |\n\n## Next\n\n| kept |\n');
    const noted = readme.replace('| old |', '<!-- note -->\n\n| old |');
    expect(withScreensTable(noted, '| new |')).toContain('## Screens\n\n<!-- note -->\n\n| new |\n\n## Next');
  });
});
