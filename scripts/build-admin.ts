// npm start's first step: builds the admin into dist/ only when its sources changed since the last
// build, so a restart takes seconds instead of a ~26 s vite build (issue 31). The sources are every
// file the admin bundle can read (src/ without the server, custom-pages, schemas, public, the HTML,
// Vite's and TypeScript's settings, the lock file) and the VITE_* variables; their SHA-256 is kept in
// dist/.build-inputs. `--force` builds anyway; `npm run build` always builds.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.build-inputs');

const INPUT_DIRS = ['src', 'custom-pages', 'schemas', 'public'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
/** The server's code never reaches the browser: changing it must not rebuild the admin. */
const OUTSIDE_THE_BUNDLE = join('src', 'server');

function filesUnder(root: string, dir: string, found: string[]): string[] {
  if (relative(root, dir) === OUTSIDE_THE_BUNDLE || !existsSync(dir)) return found;
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) filesUnder(root, path, found);
    else found.push(path);
  }
  return found;
}

/** SHA-256 over the admin's sources (names and contents) and the VITE_* variables. */
export function adminInputsHash(root = ROOT): string {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(root, join(root, dir), [])), ...INPUT_FILES.map((file) => join(root, file))];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  for (const name of Object.keys(process.env).filter((key) => key.startsWith('VITE_')).sort()) {
    hash.update(`${name}=${process.env[name]}\0`);
  }
  return hash.digest('hex');
}

async function main() {
  const force = process.argv.includes('--force');
  const inputs = adminInputsHash();
  const built = existsSync(join(DIST, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === inputs;
  if (built && !force) {
    console.log('admin: dist/ is up to date with its sources, not rebuilt (npm run build rebuilds it)');
    return;
  }
  const started = Date.now();
  const { build } = await import('vite');
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  // Written after a build that finished: a failed build leaves no stamp, so the next start builds again.
  writeFileSync(`${STAMP}.tmp`, `${inputs}\n`);
  renameSync(`${STAMP}.tmp`, STAMP);
  console.log(`admin: built into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
