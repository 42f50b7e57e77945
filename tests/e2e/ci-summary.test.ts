// scripts/ci-summary.mjs: the totals line CI ends with, summed over vitest JSON reports.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(name: string, body: object) {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

function summary(...paths: string[]) {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'ci-summary.mjs'), ...paths], { encoding: 'utf8' });
  const lines = run.stdout.trim().split('\n');
  return { status: run.status, last: lines[lines.length - 1], beforeLast: lines[lines.length - 2], stdout: run.stdout };
}

const file = (status: string, results: string[], message = '') => ({
  name: `/x/${status}.test.ts`,
  status,
  message,
  assertionResults: results.map((s) => ({ status: s })),
});

describe('ci-summary', () => {
  it('sums over several reports; the last line is exactly "N passed, N failed", the skipped count on the line before', () => {
    const a = report('a.json', { numPassedTests: 10, numFailedTests: 0, numPendingTests: 2, numTodoTests: 1, testResults: [file('passed', ['passed'])] });
    const b = report('b.json', { numPassedTests: 5, numFailedTests: 2, numPendingTests: 0, numTodoTests: 0, testResults: [file('failed', ['failed', 'failed'])] });
    const result = summary(a, b);
    expect(result).toMatchObject({ status: 1, last: '15 passed, 2 failed', beforeLast: '3 skipped' });
    expect(result.last).toMatch(/^\d+ passed, \d+ failed$/);
  });

  it('prints no skipped part when nothing was skipped, and exits 0 when nothing failed', () => {
    const a = report('c.json', { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] });
    expect(summary(a)).toMatchObject({ status: 0, last: '3 passed, 0 failed' });
  });

  it('names each failed test, and each test that passed only on its retry, before the totals', () => {
    const a = report('e.json', {
      numPassedTests: 2,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: '/check/work/main/tests/api/x.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'failed', fullName: 'area quebra', failureMessages: ['AssertionError: expected 500 to be 200\n\n- Expected\n+ Received\n\n- 200\n+ 500\n    at x.test.ts:3'] },
            { status: 'passed', fullName: 'area oscila', failureMessages: ['Error: no message within 5000 ms\n    at y'] },
            { status: 'passed', fullName: 'area passa', failureMessages: [] },
          ],
        },
      ],
    });
    const result = summary(a);
    expect(result).toMatchObject({ status: 1, last: '2 passed, 1 failed' });
    expect(result.stdout).toContain('note: failed: tests/api/x.test.ts > area quebra: AssertionError: expected 500 to be 200\n');
    expect(result.stdout).toContain('note: flaky (passed on its retry): tests/api/x.test.ts > area oscila: Error: no message within 5000 ms\n');
    expect(result.stdout).not.toContain('area passa');
    // What the assertion saw follows its note, without the stack.
    expect(result.stdout).toContain('note: failed: tests/api/x.test.ts > area quebra: AssertionError: expected 500 to be 200\nnote:   | - Expected\nnote:   | + Received\nnote:   | - 200\nnote:   | + 500\n');
    expect(result.stdout).not.toContain('x.test.ts:3');
  });

  it('counts a file that failed outside its tests, and a missing report, as failures', () => {
    const a = report('d.json', {
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [file('failed', [], "Cannot find module './nope.js'"), file('passed', ['passed'])],
    });
    const result = summary(a, join(dir, 'missing.json'));
    expect(result).toMatchObject({ status: 1, last: '1 passed, 2 failed' });
    expect(result.stdout).toContain("Cannot find module './nope.js'");
  });
});
