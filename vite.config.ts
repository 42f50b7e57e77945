import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resourceManifest } from './scripts/resource-manifest-plugin.js';

// The admin: root index.html, built to dist/ (served by the Fastify server), with a manifest that
// scripts/bundle-size.ts reads to measure what the first screens load. In development the API,
// the documented v1 calls and the API docs are proxied to the server on port 3000.
const backend = process.env.API_TARGET ?? 'http://localhost:3000';

/** Files worth compressing, and the size under which compression is not worth a second file. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every built text file, once, at build time:
 * the server sends them as they are (@fastify/static preCompressed) instead of compressing each
 * response, so the browser downloads compressed JavaScript without costing the server a CPU.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'intranet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const path = join(outDir, name);
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The entity schemas the admin bundles (src/admin/generator/registry.ts) without what no screen
 * reads: the register's own description (prose for developers and the API docs) and `$schema`.
 * Field descriptions stay: they are the inputs' helper texts. The bodies load with the generated
 * screens (the first screen has only the resources' summaries, virtual:resource-manifest), so this
 * keeps a few KB of prose out of those chunks.
 */
function leanSchemas(): Plugin {
  return {
    name: 'intranet:lean-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/schemas\/[^/]+\/[^/]+\.json$/.test(id.split('?')[0])) return null;
      const schema = JSON.parse(code) as Record<string, unknown>;
      delete schema.description;
      delete schema.$schema;
      // What only the server reads: where the rows live, the GraphQL name, the totals' strategy and
      // the unique indexes (their refusals come back as the server's 409 text).
      const block = schema['x-intranet'] as Record<string, unknown> | undefined;
      if (block) for (const key of ['table', 'readFrom', 'graphql', 'countStrategy', 'unique']) delete block[key];
      return { code: JSON.stringify(schema), map: null };
    },
  };
}

/**
 * The app's own modules (src/, custom-pages/) that do something when loaded, beyond declaring their
 * exports: the entry, the list of screens registering its answers (core/screenAccess.ts), the
 * session following other tabs. Every other module of ours is dropped from a chunk that uses none of
 * its exports, so a page importing one name from the admin's door (src/admin/pages.ts) does not load
 * the whole door (the first screen's bespoke pages' index files among them).
 */
const SIDE_EFFECTS = ['src/admin/main.tsx', 'src/admin/shell/screens.ts', 'src/admin/core/session.ts'].map((file) => resolve(import.meta.dirname, file));
const OWN_CODE = [resolve(import.meta.dirname, 'src') + '/', resolve(import.meta.dirname, 'custom-pages') + '/'];

function ownModuleSideEffects(id: string): boolean | undefined {
  if (!OWN_CODE.some((dir) => id.startsWith(dir))) return undefined;
  return SIDE_EFFECTS.includes(id.split('?')[0]);
}

export default defineConfig({
  plugins: [leanSchemas(), resourceManifest(), react(), precompress()],
  resolve: {
    // The native Object.entries instead of its polyfill and the ES shims it pulls into the first screen.
    alias: { 'object.entries': resolve(import.meta.dirname, 'src/admin/shims/object-entries.cjs') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: ownModuleSideEffects },
      output: {
        // Everything the entry loads statically ('$initial': index.html's entry and its static
        // imports) in one chunk, the entry's. Left to itself Rolldown cuts it into ~90 shared chunks
        // by which lazy screens also use each module; the entry loads them all anyway, and each file
        // compressed alone costs ~30 KB gzip more than the same code in one. The group takes no
        // module the entry does not load, so no screen loads more than before; the lazy screens
        // import what they share with it from the entry's chunk.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/v1': { target: backend, ws: true },
      '/docs': backend,
    },
  },
});
