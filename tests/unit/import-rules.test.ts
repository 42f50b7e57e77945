// The import rules of .dependency-cruiser.cjs over src/admin, src/server and custom-pages: no import
// circles, the admin's layers looking only down, bespoke pages through the admin's one door
// (src/admin/pages.ts); and the first screen's static imports never reaching the schemas' bodies
// (src/admin/generator/registry.ts: npm run bench:bundle checks the built files too).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = resolve(import.meta.dirname, '../..');

async function cruised(): Promise<ICruiseResult> {
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    const { output } = await cruise(['src/admin', 'src/server', 'custom-pages'], { ...options, validate: true }, undefined, {
      tsConfig: extractTSConfig('tsconfig.json'),
    });
    return output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
}

const result = cruised();

describe('import rules', () => {
  it('no circle, each admin layer looks down, bespoke pages through the door', async () => {
    const { summary } = await result;
    const violations = summary.violations.map((v) =>
      v.rule.name === 'no-circular' ? `${v.rule.name}: ${[v.from, ...(v.cycle ?? []).map((c) => c.name)].join(' → ')}` : `${v.rule.name}: ${v.from} → ${v.to}`,
    );
    expect(violations, violations.join('\n')).toEqual([]);
  }, 120_000);

  it("the first screen's static imports do not reach the schemas' bodies", async () => {
    const { modules } = await result;
    const byName = new Map(modules.map((m) => [m.source, m]));
    const path: Record<string, string> = {};
    const queue = ['src/admin/main.tsx'];
    const seen = new Set(queue);
    while (queue.length) {
      const name = queue.shift()!;
      for (const dep of byName.get(name)?.dependencies ?? []) {
        // import() loads on demand; `import type` is gone at run time.
        if (dep.dynamic || dep.dependencyTypes.includes('type-only') || seen.has(dep.resolved)) continue;
        seen.add(dep.resolved);
        path[dep.resolved] = name;
        queue.push(dep.resolved);
      }
    }
    const chain = (name: string): string[] => (path[name] ? [...chain(path[name]), name] : [name]);
    const reached = [...seen].filter((name) => name === 'src/admin/generator/registry.ts' || /^schemas\/.*\.json$/.test(name));
    expect(reached.map((name) => chain(name).join(' → '))).toEqual([]);
    expect(seen.has('src/admin/core/resources.ts')).toBe(true);
  }, 120_000);
});
