import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The admin: root index.html, built to dist/ (served by the Fastify server), with a manifest that
// scripts/bundle-size.ts reads to measure what the first screen loads. In development the API,
// the documented v1 calls and the API docs are proxied to the server on port 3000.
const backend = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': backend,
      '/v1': { target: backend, ws: true },
      '/docs': backend,
    },
  },
});
