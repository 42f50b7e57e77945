// The benchmarks cannot rot: each script writes only its own part of docs/benchmarks.md (bench-kit's
// writeSection), never in CI or in small mode, and each has the small mode CI runs it in.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceSection, writeSection } from '../../scripts/bench-kit.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOC = `# Benchmarks

## API: a list page (\`npm run bench:api\`)

<!-- bench:api -->
old api figures
<!-- /bench:api -->

## Customers (\`npm run bench:import-customers\`)

Hand-written method.

## Tracking links (\`npm run bench:redirect\`)

Prose about the redirect.

<!-- bench:redirect -->
old redirect run
<!-- /bench:redirect -->
`;

describe('replaceSection', () => {
  it('replaces only the text between the benchmark’s markers', () => {
    const out = replaceSection(DOC, 'api', 'new api figures');
    expect(out).toBe(DOC.replace('old api figures', 'new api figures'));
    const again = replaceSection(out, 'redirect', 'new redirect run\n');
    expect(again).toBe(DOC.replace('old api figures', 'new api figures').replace('old redirect run', 'new redirect run'));
  });

  it('adds the marked part at the end of the section that names the script, keeping its prose and the others', () => {
    const out = replaceSection(DOC, 'import-customers', 'last run');
    expect(out).toContain('Hand-written method.\n\n<!-- bench:import-customers -->\nlast run\n<!-- /bench:import-customers -->\n\n## Tracking links');
    expect(out.replace(/\n\n<!-- bench:import-customers -->\nlast run\n<!-- \/bench:import-customers -->/, '')).toBe(DOC);
    // Written twice: replaced, not added again.
    expect(replaceSection(out, 'import-customers', 'last run')).toBe(out);
  });

  it('adds a new section at the end for a benchmark without one', () => {
    const out = replaceSection(DOC, 'bundle', 'sizes', '## The first screen (`npm run bench:bundle`)');
    expect(out).toBe(`${DOC}\n## The first screen (\`npm run bench:bundle\`)\n\n<!-- bench:bundle -->\nsizes\n<!-- /bench:bundle -->\n`);
  });
});

describe('writeSection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sections-'));
  const file = join(dir, 'benchmarks.md');
  const ci = process.env.CI;
  afterEach(() => {
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
  });
  it('writes its section outside CI and nothing in CI', () => {
    writeFileSync(file, DOC);
    process.env.CI = 'true';
    expect(writeSection('api', 'from CI', { file })).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(DOC);
    delete process.env.CI;
    expect(writeSection('api', 'from a full run', { file })).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(DOC.replace('old api figures', 'from a full run'));
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the benchmark scripts', () => {
  const scripts = readdirSync(join(ROOT, 'scripts')).filter((f) => /^bench-.*\.ts$/.test(f) && f !== 'bench-kit.ts');
  const packageScripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const ciRun = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');

  it.each(scripts)('%s writes docs/benchmarks.md only through writeSection, and has a small mode CI runs', (name) => {
    const source = readFileSync(join(ROOT, 'scripts', name), 'utf8');
    expect(source).toMatch(/writeSection\('[a-z-]+'/);
    expect(source).not.toMatch(/writeFileSync|appendFileSync/);
    expect(source).toMatch(/\bSMALL\b/);
    const npmName = Object.entries(packageScripts).find(([, command]) => command.includes(`scripts/${name}`))?.[0];
    expect(npmName, `an npm script runs scripts/${name}`).toBeDefined();
    expect(ciRun).toContain(npmName!);
  });

  it('bundle-size.ts writes its part through writeSection too', () => {
    const source = readFileSync(join(ROOT, 'scripts', 'bundle-size.ts'), 'utf8');
    expect(source).toMatch(/writeSection\('bundle'/);
    expect(source).not.toMatch(/writeFileSync/);
  });
});
