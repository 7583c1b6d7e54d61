import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/my-account/',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: false },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/prod': 'http://localhost:8080',
      '/exam-service': 'http://localhost:8080',
    },
  },
});
