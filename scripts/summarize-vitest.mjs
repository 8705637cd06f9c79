// Prints the plain closing line CI reads ("N passed, N failed") from vitest JSON reports, after the
// name and first message line of every failed test: CI keeps only the tail of its output.
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const first = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`FAILED (${path.basename(file)}) ${where} > ${test.fullName}\n    ${first}`);
    }
    // A file that failed to load has no tests to name, only its message.
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).length) {
      failures.push(
        `FAILED (${path.basename(file)}) ${where}\n    ${String(suite.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
}
for (const line of failures) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
