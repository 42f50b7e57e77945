// npm start rebuilds the admin only when its sources changed (scripts/build-admin.ts, issue 31).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminInputsHash } from '../../scripts/build-admin.js';

const root = mkdtempSync(join(tmpdir(), 'build-admin-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe("the admin's build stamp", () => {
  write('index.html', '<div id="root"></div>');
  write('src/admin/main.tsx', 'export {};');
  write('src/server/main.ts', 'export {};');
  write('custom-pages/news/index.tsx', 'export {};');
  write('schemas/rh/news.json', '{}');

  it('stays the same when nothing the bundle reads changed, the server code included', () => {
    const before = adminInputsHash(root);
    expect(adminInputsHash(root)).toBe(before);
    write('src/server/main.ts', 'export const changed = true;');
    expect(adminInputsHash(root)).toBe(before);
  });

  it('changes with a page, a schema, the HTML, a new file or a VITE_ variable', () => {
    let previous = adminInputsHash(root);
    for (const [path, text] of [
      ['custom-pages/news/index.tsx', 'export const x = 1;'],
      ['schemas/rh/news.json', '{"title":"Notícias"}'],
      ['index.html', '<div id="app"></div>'],
      ['src/domain/new.ts', 'export {};'],
    ]) {
      write(path, text);
      const next = adminInputsHash(root);
      expect(next, path).not.toBe(previous);
      previous = next;
    }
    process.env.VITE_BUILD_TEST = '1';
    try {
      expect(adminInputsHash(root)).not.toBe(previous);
    } finally {
      delete process.env.VITE_BUILD_TEST;
    }
  });
});
