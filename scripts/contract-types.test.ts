// The wire contract is typed once, in packages/domain: this test finds web types that declare a contract shape
// again (an interface or object type whose fields are all fields of one contract schema), which would drift
// silently from the schema the server validates and serialises with.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const root = join(import.meta.dirname, '..');

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** Every object schema the contracts export (and the objects nested in them), as its set of field names. */
async function contractShapes(): Promise<{ name: string; keys: Set<string> }[]> {
  const shapes: { name: string; keys: Set<string> }[] = [];
  const seen = new Set<unknown>();
  const visit = (name: string, schema: unknown) => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    if (schema instanceof z.ZodObject) {
      shapes.push({ name, keys: new Set(Object.keys(schema.shape)) });
      for (const [key, field] of Object.entries(schema.shape)) visit(`${name}.${key}`, field);
    }
    const inner = (schema as { unwrap?: () => unknown }).unwrap?.();
    if (inner) visit(name, inner);
    const element = (schema as { element?: unknown }).element;
    if (element) visit(`${name}[]`, element);
    for (const option of (schema as { options?: unknown[] }).options ?? []) visit(name, option);
  };
  const contracts = filesUnder(join(root, 'packages/domain/src'), (name) => name.endsWith('.contract.ts'));
  for (const file of contracts) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) visit(`${relative(root, file)}:${name}`, value);
  }
  return shapes;
}

/** Object types the web declares: interfaces and type aliases of object literals, with their field names. */
function webObjectTypes(): { where: string; keys: string[] }[] {
  const files = filesUnder(
    join(root, 'apps/web/src'),
    (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'),
  );
  return files.flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const found: { where: string; keys: string[] }[] = [];
    const names = (members: ts.NodeArray<ts.TypeElement>) =>
      members.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : []));
    const walk = (node: ts.Node) => {
      if (ts.isInterfaceDeclaration(node)) {
        found.push({ where: `${relative(root, file)}:${node.name.text}`, keys: names(node.members) });
      } else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
        found.push({ where: `${relative(root, file)}:${node.name.text}`, keys: names(node.type.members) });
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
    return found;
  });
}

describe('contract types are declared once', () => {
  it('finds no web type that re-declares a contract schema', async () => {
    const shapes = await contractShapes();
    expect(shapes.length).toBeGreaterThan(20);
    const redeclared = webObjectTypes().flatMap(({ where, keys }) => {
      // Three fields or more, every one of them a field of the same contract schema: a copy of that schema.
      if (keys.length < 3) return [];
      const match = shapes.find((shape) => keys.every((key) => shape.keys.has(key)));
      return match ? [`${where} (${keys.join(', ')}) re-declares ${match.name}`] : [];
    });
    expect(redeclared).toEqual([]);
  });
});
