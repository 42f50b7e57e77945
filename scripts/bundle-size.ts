// npm run bench:bundle — the JavaScript a browser downloads before the first screen a visitor meets:
// signed out, '/' sends them to the login page (/home/login/enter), the staff's is /intranet; signed
// in, the internal home '/'. For each: the entry of index.html with its static imports, plus the
// route's lazy chunk with its imports, read from the Vite build manifest, at the size the server
// sends them (the build's precompressed .gz and .br files). Fails above the budget (BUDGET_KB gzip),
// when the generated list and form are not chunks of their own (every route loads on demand), or
// when a schema's body (a schemas/<area>/<resource>.json with its "x-intranet" block) is in a first
// screen's files: the first screen knows the resources only by their summaries
// (virtual:resource-manifest), each generated screen brings the bodies with its own chunk.
// Run `npm run build` first (or pass --build).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const ROOT = resolve(import.meta.dirname, '..');
export const DIST = join(ROOT, 'dist');
// 300, issue 32's goal (330 before, 375 until the issue): the schemas' bodies left the first screen
// (-20 KB gzip), with them react-admin's <Admin> and Layout defaults the app never draws (its login
// page and form, the English texts, the default app bar, the preferences inspector; the error pages
// load on demand), and our modules are tree-shaken as side-effect free (vite.config.ts): 329.0 KB.
// Then the entry's static imports became one chunk instead of ~90 (the Rolldown group '$initial' in
// vite.config.ts: -31 KB gzip, each file compressed alone cost its own dictionary), and react-admin's
// <Title> left the pages (it drew nothing here and brought MUI's TextField and Select, -13 KB on the
// signed-in home). Measured 291.7 KB signed out (the login page, whose form brings the text field
// back) and 285.2 KB signed in. What remains is the framework: react-dom, MUI, react-router, ra-core.
export const BUDGET_KB = 300;

/** A schema's body as bundled: its "x-intranet" key (in a JS object or a JSON.parse string), never in code. */
export const SCHEMA_BODY = /["']?x-intranet\\?["']?\s*:/;

/** The first screens and the lazy page each route loads (manifest keys). */
export const FIRST_SCREENS = [
  { route: '/home/login/enter', who: 'visitante (/ sem sessão)', page: 'custom-pages/auth/LoginPage.tsx' },
  { route: '/intranet', who: 'visitante', page: 'custom-pages/auth/LoginPage.tsx' },
  { route: '/', who: 'com sessão', page: 'src/admin/shell/Home.tsx' },
] as const;

/** The generated screens, each its own lazy chunk. */
export const GENERATED_SCREENS = ['src/admin/generator/ResourceList.tsx', 'src/admin/generator/ResourceForm.tsx'] as const;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ScreenReport {
  route: string;
  who: string;
  files: FileSize[];
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BundleReport {
  screens: ScreenReport[];
  /** The largest first screen, gzip bytes. */
  worstGzip: number;
  budgetBytes: number;
  /** Lazy chunk files of the generated list and form (empty string when not a chunk of its own). */
  generated: Record<string, string>;
  lazyFiles: number;
  lazyGzip: number;
  problems: string[];
}

export const readManifest = (dist = DIST): Manifest => JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Keys of the chunks statically reachable from `start`. */
function closure(manifest: Manifest, start: string, seen = new Set<string>()) {
  if (seen.has(start) || !manifest[start]) return seen;
  seen.add(start);
  for (const dep of manifest[start].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The size of a built file as sent: its precompressed copies when the build wrote them. */
function sizeOf(dist: string, file: string): FileSize {
  const path = join(dist, file);
  const bytes = readFileSync(path);
  const gzip = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`).length : gzipSync(bytes, { level: 9 }).length;
  const brotli = existsSync(`${path}.br`) ? readFileSync(`${path}.br`).length : brotliCompressSync(bytes).length;
  return { file, raw: bytes.length, gzip: Math.min(gzip, bytes.length), brotli: Math.min(brotli, bytes.length) };
}

export function measure(dist = DIST): BundleReport {
  const manifest = readManifest(dist);
  const problems: string[] = [];
  const sizes = new Map<string, FileSize>();
  const size = (file: string) => sizes.get(file) ?? sizes.set(file, sizeOf(dist, file)).get(file)!;
  const firstKeys = new Set<string>();
  const screens = FIRST_SCREENS.map(({ route, who, page }) => {
    const keys = new Set<string>();
    for (const start of ['index.html', page]) {
      if (!manifest[start]) problems.push(`manifest sem a entrada ${start}`);
      for (const k of closure(manifest, start)) keys.add(k);
    }
    keys.forEach((k) => firstKeys.add(k));
    const files = [...keys].map((k) => size(manifest[k].file)).sort((a, b) => b.gzip - a.gzip);
    const sum = (f: keyof Omit<FileSize, 'file'>) => files.reduce((s, r) => s + r[f], 0);
    return { route, who, files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
  });
  const generated: Record<string, string> = {};
  for (const key of GENERATED_SCREENS) {
    // Its own chunk: the module's dynamic entry, or (bespoke pages importing it too) the shared chunk
    // Rolldown names after it.
    const name = key.split('/').pop()!.replace(/\.tsx?$/, '');
    const found = manifest[key]?.isDynamicEntry ? key : Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === name);
    if (!found) problems.push(`${key} não é um chunk carregado sob demanda`);
    else if (firstKeys.has(found)) problems.push(`${key} é carregado antes da primeira tela`);
    generated[key] = found ? manifest[found].file : '';
  }
  if (generated[GENERATED_SCREENS[0]] && generated[GENERATED_SCREENS[0]] === generated[GENERATED_SCREENS[1]]) {
    problems.push('lista e formulário gerados estão no mesmo chunk');
  }
  for (const key of firstKeys) {
    const file = manifest[key].file;
    if (file.endsWith('.js') && SCHEMA_BODY.test(readFileSync(join(dist, file), 'utf8'))) {
      problems.push(`${file} (primeira tela) contém o corpo de um schema ("x-intranet"): só os resumos (virtual:resource-manifest) podem estar ali`);
    }
  }
  const lazy = Object.entries(manifest).filter(([k, c]) => !firstKeys.has(k) && c.file.endsWith('.js'));
  const worstGzip = Math.max(...screens.map((s) => s.gzip));
  const budgetBytes = BUDGET_KB * 1024;
  if (worstGzip > budgetBytes) problems.push(`primeira tela acima do orçamento: ${kb(worstGzip)} KB gzip`);
  return {
    screens,
    worstGzip,
    budgetBytes,
    generated,
    lazyFiles: lazy.length,
    lazyGzip: lazy.reduce((s, [, c]) => s + size(c.file).gzip, 0),
    problems,
  };
}

export const kb = (n: number) => (n / 1024).toFixed(1);

function print(report: BundleReport) {
  for (const screen of report.screens) {
    console.log(`JS carregado antes da primeira tela ${screen.route} (${screen.who}):`);
    for (const r of screen.files) {
      console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(8)} KB  gzip ${kb(r.gzip).padStart(7)} KB  br ${kb(r.brotli).padStart(7)} KB`);
    }
    console.log(`  ${'total'.padEnd(44)} ${kb(screen.raw).padStart(8)} KB  gzip ${kb(screen.gzip).padStart(7)} KB  br ${kb(screen.brotli).padStart(7)} KB`);
  }
  for (const [key, file] of Object.entries(report.generated)) console.log(`Tela gerada ${key}: ${file || 'SEM CHUNK PRÓPRIO'}`);
  console.log(`Carregado sob demanda (${report.lazyFiles} arquivos): gzip ${kb(report.lazyGzip)} KB`);
  console.log(`Maior primeira tela: ${kb(report.worstGzip)} KB gzip. Orçamento: ${BUDGET_KB} KB gzip — ${report.worstGzip <= report.budgetBytes ? 'OK' : 'EXCEDIDO'}`);
  for (const p of report.problems) console.log(`PROBLEMA: ${p}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--build') || !existsSync(join(DIST, '.vite', 'manifest.json'))) {
    execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
  }
  // What it prints is its part of docs/benchmarks.md (not in CI: bench-kit's writeSection).
  const { recordOutput, writeSection } = await import('./bench-kit.js');
  const output = recordOutput();
  const report = measure();
  print(report);
  writeSection('bundle', output.runSection(), { heading: '## The first screen: its JavaScript (`npm run bench:bundle`)' });
  if (report.problems.length) process.exitCode = 1;
}
