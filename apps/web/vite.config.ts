import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The built page runs src/boot.ts, which sends the opened route's first requests and imports the app's entry
 * after the first paint. It is built on its own, its few imports included (the route's request builders, no
 * React), so the page's first script is one small file. The entry gets a modulepreload link like its imports; the
 * server drops those, and boot.ts preloads the imports (data-imports) with the entry after the first paint.
 */
function runAppAfterPaint(): Plugin {
  let mode = 'production';
  let fileName = '';
  return {
    name: 'campus:run-app-after-paint',
    apply: 'build',
    configResolved(config) {
      mode = config.mode;
    },
    async buildStart() {
      const output = await build({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        mode,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          modulePreload: false,
          rolldownOptions: {
            input: fileURLToPath(new URL('src/boot.ts', import.meta.url)),
            output: { format: 'es', codeSplitting: false },
          },
        },
      });
      const chunk = (Array.isArray(output) ? output : [output as Rolldown.RolldownOutput])
        .flatMap((result) => result.output)
        .find((file) => file.type === 'chunk');
      if (!chunk) throw new Error('run-app-after-paint: the boot script did not build');
      // Named by its content like every other asset, so it is cached for a year too.
      fileName = `assets/boot-${createHash('sha256').update(chunk.code).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/my-account\/assets\/[^"]+\.js)"><\/script>/;
        const match = entry.exec(html);
        if (!match) throw new Error('run-app-after-paint: the page has no entry script');
        const imports = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
          (link) => link[1],
        );
        return html.replace(
          match[0],
          `<link rel="modulepreload" crossorigin href="${match[1]}">\n    ` +
            `<script type="module" src="/my-account/${fileName}" data-app="${match[1]}" data-imports="${imports.join(' ')}"></script>`,
        );
      },
    },
  };
}

/**
 * Imports of Mantine's that pull a whole module into every screen for one small piece, each answered by a file of
 * our own with the same export (issue 18: script weight on a phone):
 * - ScrollArea takes only `useMergeRefs` from @floating-ui/react, and Modal imports ScrollArea; the package is one
 *   module, so every screen with a dialog loaded the chunk of all the popovers' floating code (12 KB brotli).
 * - AppShell's header, footer and aside take only the two class names of react-remove-scroll (3.7 KB brotli with
 *   every signed-in screen); the dialogs keep the real package for their scroll lock.
 * - Table.ScrollContainer imports ScrollArea (4.7 KB brotli with every table) for its `type="scrollarea"`; this app
 *   scrolls tables natively (`type="native"`, a plain div), so that import is never rendered.
 */
const mantineReplacements = [
  { source: '@floating-ui/react', importer: /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/, file: 'src/lib/merge-refs.ts' },
  {
    source: 'react-remove-scroll',
    importer: /[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/][^\\/]+\.mjs$/,
    file: 'src/lib/remove-scroll-names.ts',
  },
  {
    source: '../ScrollArea/ScrollArea.mjs',
    importer: /[\\/]Table[\\/]TableScrollContainer\.mjs$/,
    file: 'src/lib/native-scroll-area.ts',
  },
];

function lighterMantine(): Plugin {
  const replacements = mantineReplacements.map((entry) => ({
    ...entry,
    file: fileURLToPath(new URL(entry.file, import.meta.url)),
  }));
  return {
    name: 'campus:lighter-mantine',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return replacements.find((entry) => entry.source === source && entry.importer.test(importer))?.file ?? null;
    },
  };
}

/** Modules of a few hundred bytes shared by many lazy screens (their names; see the `shared` chunk group). */
const tinySharedModules = [
  'get-env',
  'get-auto-contrast-value',
  'get-base-value',
  'get-default-z-index',
  'get-style-object',
  'get-sorted-breakpoints',
  'use-force-update',
  'use-window-event',
  'use-merged-ref',
  'DirectionProvider',
  'VisuallyHidden',
  'toast',
  'account-actions',
  'load-on-first-use',
  'use-now',
  'cut-text',
  'use-switch-child',
  'notification-address',
  // auth's public face (the child switch): home, the bell and an address naming a child share it.
  String.raw`features[\\/]auth[\\/]index`,
  'safe-html',
  'uploads',
];

/** What the signed-in shell (app/routes/authenticated-layout.tsx) loads with it, by module path. */
const shellModules = new RegExp(
  [
    String.raw`[\/]src[\/]app[\/]routes[\/]authenticated-layout\.tsx$`,
    // Not the header's popovers (theme menu, profile panel), which load on first use, nor the switch to the child an
    // address names, which loads only for such an address.
    String.raw`[\/]src[\/]features[\/]shell[\/](components|hooks|api)[\/](?!theme-menu|profile-popover-panel|child-from-address)[^\/]+\.tsx?$`,
    String.raw`[\/]src[\/]components[\/]icons\.tsx$`,
    String.raw`[\/]@mantine[\/]core[\/]esm[\/]components[\/](Avatar|NativeSelect|Badge|Accordion[\/]AccordionChevron)[\/]`,
    String.raw`[\/]create-safe-context\.mjs$`,
  ].join('|'),
);

export default defineConfig({
  base: '/my-account/',
  plugins: [
    react(),
    lighterMantine(),
    runAppAfterPaint(),
    // The installable app's service worker (src/sw.ts; issue 18). The manifest is the server's, per institute
    // (apps/api/src/plugins/web.ts), and the app registers the worker itself (src/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // The app's code, styles and images; index.html is the server's per host, kept by the worker at run time.
        // mjs: pdf.js's worker, without which no PDF opens offline and every first PDF waits for 311 KB.
        globPatterns: ['**/*.{js,mjs,css,svg,png,webp,woff2}'],
        globIgnores: ['sw.js', 'demo/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Everything the page's entry needs in one file: left to itself, rolldown splits modules the entry shares
        // with lazy screens into many small chunks, each one more request on the sign-in page.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // What both the sign-in screens (a file of their own, app/router.tsx) and the signed-in shell draw with:
            // Mantine's text fields, links, groups, images and icon buttons (and their value hook), and the stored
            // credential's rules. One file both load, rather than the shell's, which the sign-in page would then load
            // whole.
            {
              name: 'controls',
              test: new RegExp(
                String.raw`[\/]@mantine[\/]core[\/]esm[\/]components[\/](Input|InputBase|TextInput|Anchor|ActionIcon|Group|Image|CloseButton)[\/]` +
                  String.raw`|[\/]use-uncontrolled[\/]|[\/]src[\/]auth[\/]credential\.ts$`,
              ),
            },
            // The tiny modules (48-470 bytes each) that many screens share but the entry does not use: one small
            // chunk instead of a dozen requests on a cold visit. Bigger shared modules keep rolldown's own split,
            // which loads each only where it is used.
            { name: 'shared', test: new RegExp(`[\\\\/](${tinySharedModules.join('|')})\\.(m?js|tsx?)$`) },
            // The signed-in shell and the pieces of Mantine it draws with (avatar, year picker, badges): every
            // signed-in screen loads them on its first visit, so one file instead of eight (each one more request and
            // its headers on a phone).
            { name: 'shell', test: shellModules },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/prod': 'http://localhost:8080',
      '/exam-service': 'http://localhost:8080',
    },
  },
});
