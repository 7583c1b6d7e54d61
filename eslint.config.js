import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (STYLE.md §7): domain imports no app, apps do not import each other, features stay apart. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** The web app takes nothing of the api. */
const webImportsNoApi = {
  group: ['**/api/src/**', '@campus/api*', 'fastify', 'drizzle-orm*'],
  message: 'the web app must not import the api',
};

/** `call` is typed by its descriptor; a type argument would let a caller name an answer of its own. */
const callWithTypeArguments = {
  selector: "CallExpression[typeArguments]:matches([callee.name='call'], [callee.property.name='call'])",
  message: 'call takes no type arguments: the descriptor types the input and the answer',
};

/** One zone per feature folder: it may import another feature only through that feature's index.ts. */
function featureZones(dir) {
  const features = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return features.map(({ name }) => ({
    target: `./${dir}/${name}`,
    from: `./${dir}`,
    except: [
      `./${name}`,
      ...features.filter((other) => other.name !== name).map((other) => `./${other.name}/index.ts`),
    ],
    message: 'a feature imports another only through its index.ts (its public face), or shared code a layer down',
  }));
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/api/drizzle/**', '.test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['**/apps/**', '@campus/api*', '@campus/web*'], message: 'domain must not import the apps' },
      { group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm*', 'node:*'], message: 'domain is pure' },
      {
        // An area's public face is its index.ts (its rules) and its contract (the HTTP contract, public by nature;
        // an index re-exporting it would carry zod into the web app's bundle through the rules it imports).
        regex: '^\\.\\./(?!shared/)[a-z-]+/(?!index\\.ts$)(?![a-z-]+\\.contract\\.ts$)',
        message: "an area imports another area only through its index.ts or its contract, e.g. '../calendar/index.ts'",
      },
    ]),
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: restrict([
      { group: ['**/web/**', '@campus/web*', 'react', 'react-*'], message: 'the api must not import the web app' },
    ]),
  },
  {
    // Each area owns its SQL (issue 29): only its *.repository.ts builds queries; other files ask it (another area
    // through its index.ts). Types (Db, a table's row) may be imported anywhere.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      // An area's writer: the one place its rows are created and changed, with its rules (issue 29).
      '**/*.writer.ts',
      // An area's demo rows (found by the demo seed), written through its writer where it has one.
      '**/*.seed.ts',
      '**/*.test.ts',
      '**/*.fixtures.ts',
      // The migration and seed machinery: schema, migrations, client, prepared-query helper, demo seed. Nothing
      // else: the admin API writes every area through its writer and its own tables through admin.repository.ts.
      'apps/api/src/db/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*', '**/db/prepared*'],
              allowTypeImports: true,
              message: "build an area's SQL in its *.repository.ts, and call that",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('apps/api/src/features'),
            ...featureZones('apps/web/src/features'),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features must not import the app layer',
            },
            { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib is below the features' },
            {
              target: './apps/web/src/components',
              from: './apps/web/src/features',
              message: 'shared components hold no feature logic',
            },
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
    settings: {
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([webImportsNoApi]),
      'no-restricted-syntax': ['error', callWithTypeArguments],
    },
  },
  {
    // One request pipeline (ARCHITECTURE.md): a feature's fetcher is `call(descriptor, input)`, never its own request.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      ...restrict([
        webImportsNoApi,
        {
          group: ['**/lib/api-client', '**/lib/api-client.ts'],
          importNames: ['apiRequest'],
          message: 'features call endpoints with call(descriptor, input) from lib/api-client',
        },
      ]),
      'no-restricted-syntax': [
        'error',
        callWithTypeArguments,
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'features call endpoints with call(descriptor, input) from lib/api-client, not fetch',
        },
        {
          selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='fetch']",
          message: 'features call endpoints with call(descriptor, input) from lib/api-client, not fetch',
        },
        {
          selector: "NewExpression[callee.name='XMLHttpRequest']",
          message:
            'features call endpoints with call(descriptor, input); only an upload that reports progress uses XHR',
        },
      ],
    },
  },
  {
    // zod costs ~21 KB compressed; the web app takes only types from the contracts, rules come from zod-free files.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '@campus/domain/*/*.contract'],
              allowTypeImports: true,
              message: 'import only types from contracts in the web app; keep runtime helpers in zod-free modules',
            },
          ],
        },
      ],
    },
  },
);
