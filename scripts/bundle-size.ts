// npm run bench:bundle — the gzip size of the JavaScript the browser loads before the first screen
// ('/', the internal home): the entry of index.html, its static imports, and the home's lazy chunk
// with its imports, read from the Vite build manifest. Fails above the budget (350 KB gzip).
// Run `npm run build` first (or pass --build).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const MANIFEST = join(DIST, '.vite', 'manifest.json');
export const BUDGET_KB = 350;
/** The chunks the first screen needs: the app and the lazy page of '/'. */
const FIRST_SCREEN = ['index.html', 'src/admin/shell/Home.tsx'];

if (process.argv.includes('--build') || !existsSync(MANIFEST)) {
  execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
}

const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;

/** Keys of the chunks statically reachable from `start`. */
function closure(start: string, seen = new Set<string>()) {
  if (seen.has(start) || !manifest[start]) return seen;
  seen.add(start);
  for (const dep of manifest[start].imports ?? []) closure(dep, seen);
  return seen;
}

const keys = new Set<string>();
for (const start of FIRST_SCREEN) {
  if (!manifest[start]) throw new Error(`manifest sem a entrada ${start}`);
  for (const k of closure(start)) keys.add(k);
}

const rows = [...keys].map((key) => {
  const bytes = readFileSync(join(DIST, manifest[key].file));
  return { file: manifest[key].file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);

const kb = (n: number) => (n / 1024).toFixed(1);
const totalGzip = rows.reduce((s, r) => s + r.gzip, 0);
const totalRaw = rows.reduce((s, r) => s + r.raw, 0);
const lazy = Object.entries(manifest).filter(([k, c]) => !keys.has(k) && c.file.endsWith('.js'));
const lazyGzip = lazy.reduce((s, [, c]) => s + gzipSync(readFileSync(join(DIST, c.file)), { level: 9 }).length, 0);

console.log('JS carregado antes da primeira tela (/):');
for (const r of rows) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(8)} KB  gzip ${kb(r.gzip).padStart(7)} KB`);
console.log(`  ${'total'.padEnd(44)} ${kb(totalRaw).padStart(8)} KB  gzip ${kb(totalGzip).padStart(7)} KB`);
console.log(`Carregado sob demanda (${lazy.length} arquivos): gzip ${kb(lazyGzip)} KB`);
console.log(`Orçamento: ${BUDGET_KB} KB gzip — ${totalGzip <= BUDGET_KB * 1024 ? 'OK' : 'EXCEDIDO'}`);
if (totalGzip > BUDGET_KB * 1024) process.exitCode = 1;
