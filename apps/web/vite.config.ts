import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The built page runs public/boot.js, which imports the app's entry after the first paint. The entry gets a
 * modulepreload link like its imports; the server drops those on sign-in pages, where boot.js preloads the
 * imports (data-imports) with the entry.
 */
function runAppAfterPaint(): Plugin {
  return {
    name: 'campus:run-app-after-paint',
    apply: 'build',
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
            `<script type="module" src="/my-account/boot.js" data-app="${match[1]}" data-imports="${imports.join(' ')}"></script>`,
        );
      },
    },
  };
}

export default defineConfig({
  base: '/my-account/',
  plugins: [react(), runAppAfterPaint()],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/prod': 'http://localhost:8080',
      '/exam-service': 'http://localhost:8080',
    },
  },
});
