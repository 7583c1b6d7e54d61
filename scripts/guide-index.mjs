// Writes the "Screens" table of docs/user-guide/README.md from the guide's pages, so a new page is a new file and
// `npm run docs:guide-index`. Each page gives its row under its `# Title` line:
//   <!-- guide index (npm run docs:guide-index): 30 | `/dashboard`, `/announcement` -->
// its place in the table (lower first) and what the Address column says. scripts/guide-index.test.ts fails when
// the README's table is not what this writes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The user guide's folder. */
export const guideDir = fileURLToPath(new URL('../docs/user-guide', import.meta.url));

const indexLine = /^<!-- guide index \(npm run docs:guide-index\): (\d+) \| (.+?) -->$/m;

/**
 * @typedef {{ file: string, title: string, order: number, address: string }} GuidePage
 */

/**
 * One page's row: its title (first line, `# Title`) and its index line.
 * @param {string} file the page's file name
 * @param {string} text the page's Markdown
 * @returns {GuidePage}
 */
export function readGuidePage(file, text) {
  const title = /^# (.+)$/.exec(text.split('\n', 1)[0] ?? '')?.[1];
  const index = indexLine.exec(text);
  if (!title) throw new Error(`${file}: the first line is not the page's "# Title"`);
  if (!index) throw new Error(`${file}: no "<!-- guide index (npm run docs:guide-index): N | address -->" line`);
  return { file, title, order: Number(index[1]), address: index[2] };
}

/**
 * The table, in order, padded as Prettier pads a Markdown table.
 * @param {GuidePage[]} pages
 * @returns {string}
 */
export function screensTable(pages) {
  const sorted = [...pages].sort((a, b) => a.order - b.order);
  const orders = sorted.map((page) => page.order);
  const twice = orders.find((order, at) => orders.indexOf(order) !== at);
  if (twice !== undefined) throw new Error(`two guide pages have the place ${twice}`);
  const rows = [
    ['Page', 'Address (under `/my-account`)'],
    ...sorted.map((page) => [`[${page.title}](${page.file})`, page.address]),
  ];
  const widths = [0, 1].map((column) => Math.max(3, ...rows.map((row) => [...row[column]].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(rows[0]), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)].join('\n');
}

/**
 * The README with its "Screens" table replaced by `table`.
 * @param {string} readme
 * @param {string} table
 * @returns {string}
 */
export function withScreensTable(readme, table) {
  const section = /(\n## Screens\n\n(?:<!--.*-->\n\n)?)((?:\|.*\n)+)/;
  if (!section.test(readme)) throw new Error('README.md has no "## Screens" heading followed by a table');
  return readme.replace(section, (_, heading) => `${heading}${table}\n`);
}

/**
 * The README as it is and as this script would write it.
 * @param {string} [dir]
 * @returns {{ readme: string, written: string }}
 */
export function guideIndex(dir = guideDir) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const pages = files.map((file) => readGuidePage(file, readFileSync(join(dir, file), 'utf8')));
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  return { readme, written: withScreensTable(readme, screensTable(pages)) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { readme, written } = guideIndex();
  if (written === readme) console.log('docs/user-guide/README.md: the Screens table is up to date');
  else {
    writeFileSync(join(guideDir, 'README.md'), written);
    console.log('docs/user-guide/README.md: wrote the Screens table');
  }
}
