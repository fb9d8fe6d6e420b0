// Adds up every stage's results into the closing "N passed, N failed" line; exits 1 on failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, extraFailures = '0'] = process.argv.slice(2);
let passed = 0;
let failed = Number(extraFailures);
let skipped = 0;
const missing = [];

for (const step of ['lint', 'typecheck', 'size', 'fuzz', 'sim-money', 'sim-money-agent', 'load']) {
  const file = path.join(dir, `${step}.step`);
  if (existsSync(file) && readFileSync(file, 'utf8').trim() === 'ok') passed += 1;
  else failed += 1;
}
for (const name of ['unit.json', 'integration.json', 'integration-sfu.json']) {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    missing.push(name);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  // A file that failed to load counts as a failure even though it ran no test.
  const unloaded = r.testResults.filter(
    (t) => t.status === 'failed' && t.assertionResults.length === 0,
  ).length;
  failed += unloaded;
  // Vitest failing with no failed test in its report: an error outside the tests, such as a
  // worker that crashed (its file's tests are then reported as skipped, not failed).
  const exit = path.join(dir, name.replace('.json', '.exit'));
  const code = existsSync(exit) ? Number(readFileSync(exit, 'utf8').trim()) : 0;
  if (code !== 0 && r.numFailedTests === 0 && unloaded === 0) {
    console.log(
      `${name.replace('.json', '')}: vitest exited with ${code} outside any test (see above)`,
    );
    failed += 1;
  }
}
// Playwright's: the end-to-end tests, and those on the cluster (scripts/test-cluster.sh).
for (const name of ['e2e.json', 'e2e-cluster.json']) {
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    missing.push(name);
    failed += 1;
    continue;
  }
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  skipped += s.skipped;
}
if (missing.length) console.log(`no results from: ${missing.join(', ')}`);
if (readdirSync(dir).length === 0) failed += 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
