#!/usr/bin/env node
// Sums vitest JSON reports (--reporter=json --outputFile=...) into the line CI ends with, exactly
//   N passed, N failed
// with the skipped (and todo) count on a line before it when there are any.
// A test file that failed without a failing test (an import error, a failing beforeAll/afterAll) counts
// as one failed test, and so does a report that is missing or unreadable: the run it stands for broke.
// Before the totals, a note names each failed test, and each test that passed only on its retry (CI
// retries a failed test once: see vitest.config.ts).
// Usage: node scripts/ci-summary.mjs report.json [report.json ...]   (exit 1 when anything failed)
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Most lines of a failed assertion's detail printed under its note. */
const DETAIL_LINES = 30;

const relative = (name = '') => name.replace(/^.*?\/(tests\/)/, '$1');

export function summarize(paths, read = (p) => readFileSync(p, 'utf8')) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const notes = [];
  for (const path of paths) {
    let report;
    try {
      report = JSON.parse(read(path));
    } catch (error) {
      totals.failed += 1;
      notes.push(`${path}: no readable report (${error.code ?? error.message}); counted as 1 failed`);
      continue;
    }
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const file of report.testResults ?? []) {
      const where = (a) => `${relative(file.name)} > ${a.fullName ?? a.title ?? '?'}`;
      const firstLine = (a) => String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      // What the assertion saw (vitest's '- Expected / + Received' lines), without the stack: the log's
      // end is often all there is to read of a CI run.
      const detail = (a) =>
        String(a.failureMessages?.[0] ?? '')
          .split('\n')
          .slice(1)
          .filter((line) => line.trim() && !/^\s+at /.test(line))
          .slice(0, DETAIL_LINES)
          .map((line) => `  | ${line.slice(0, 200)}`);
      for (const a of file.assertionResults ?? []) {
        // The CI log is read from its end: name every failure there, and every test that failed once
        // and passed on its retry (vitest keeps the first attempt's errors), so flaky tests get fixed.
        if (a.status === 'failed') notes.push(`failed: ${where(a)}: ${firstLine(a) || 'no message'}`, ...detail(a));
        else if (a.status === 'passed' && a.failureMessages?.length) notes.push(`flaky (passed on its retry): ${where(a)}: ${firstLine(a)}`);
      }
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
      if (file.status === 'failed' && failedTests === 0) {
        totals.failed += 1;
        const why = String(file.message ?? '').split('\n')[0].slice(0, 200);
        notes.push(`${file.name}: the file failed outside its tests (${why || 'no message'}); counted as 1 failed`);
      }
    }
  }
  return { ...totals, notes };
}

/** The closing lines: the skipped count (when any) first, then exactly `N passed, N failed`. */
export function formatTotals({ passed, failed, skipped }) {
  return [...(skipped ? [`${skipped} skipped`] : []), `${passed} passed, ${failed} failed`].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const result = summarize(process.argv.slice(2));
  for (const note of result.notes) console.log(`note: ${note}`);
  console.log(formatTotals(result));
  process.exitCode = result.failed > 0 ? 1 : 0;
}
