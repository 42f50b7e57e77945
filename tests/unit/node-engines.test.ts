// The README promises the Node.js of package.json's "engines" (Node 20.19 and later). Every installed
// package must accept that Node: npm install then prints no EBADENGINE warning, and nothing the product
// runs was published for a newer Node only (cookie@2 and content-disposition@3 were: issue 31).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const project = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

function installedPackages(dir: string, found: { name: string; version: string; node: string }[] = []) {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (entry.startsWith('@')) {
      installedPackages(path, found);
      continue;
    }
    const manifest = join(path, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const node = pkg.engines?.node;
      if (typeof node === 'string') found.push({ name: pkg.name, version: pkg.version, node });
    }
    const nested = join(path, 'node_modules');
    if (existsSync(nested)) installedPackages(nested, found);
  }
  return found;
}

describe('the Node.js the README promises', () => {
  it('is the minimum of package.json engines, and the README names it', () => {
    expect(project.engines.node).toBe('>=20.19.0');
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('Node.js 20.19');
  });

  it('every installed package accepts it (no EBADENGINE on npm install)', () => {
    const minimum = semver.minVersion(project.engines.node)!.version;
    const refusing = installedPackages(join(ROOT, 'node_modules'))
      .filter((pkg) => semver.validRange(pkg.node) && !semver.satisfies(minimum, pkg.node))
      .map((pkg) => `${pkg.name}@${pkg.version} wants node ${pkg.node}`);
    expect(refusing).toEqual([]);
  });
});
