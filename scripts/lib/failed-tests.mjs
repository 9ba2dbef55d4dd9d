// CI keeps only the tail of what `npm test` prints, so the summary repeats which tests failed and
// why, read from each vitest step's JSON report.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const REPORT_DIR = join('.cache', 'test-reports');

/** Arguments that make a vitest step also write its JSON report, and that report's path. */
export function jsonReportArgs(stepName) {
  mkdirSync(REPORT_DIR, { recursive: true });
  const file = join(REPORT_DIR, `${stepName.replace(/\W+/g, '-')}.json`);
  rmSync(file, { force: true });
  return { file, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`] };
}

/** The report's suites as { path, suite }, or the one line saying why there are none to read. */
function readSuites(file) {
  if (!existsSync(file)) return { problem: `  (no test report at ${file}: the runner stopped before writing it)` };
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const suites = (report.testResults ?? []).map((suite) => ({
      suite,
      path: String(suite.name ?? '').replace(`${process.cwd()}/`, ''),
    }));
    return { suites };
  } catch (error) {
    return { problem: `  (unreadable test report at ${file}: ${error.message})` };
  }
}

const capped = (lines, maxLines) =>
  lines.length > maxLines ? [...lines.slice(0, maxLines), `  ... and ${lines.length - maxLines} more`] : lines;

/** One line per failed test (file, name, first line of the error), or a line saying the report is missing. */
export function failedTestLines(file, maxLines = 20) {
  const { suites, problem } = readSuites(file);
  if (problem) return [problem];
  const lines = [];
  for (const { suite, path } of suites) {
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (!failed.length && suite.status === 'failed') lines.push(`  ${path}: ${firstLine(suite.message)}`);
    for (const t of failed) lines.push(`  ${path} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
  // A failed hook inside a describe, or an error outside any test, fails the run with no test to name.
  if (lines.length === 0)
    return ['  (no failed test in the report: a hook or an unhandled error failed it; see the log above)'];
  return capped(lines, maxLines);
}

/**
 * One line per test that passed only when tried again (the browser tests get a second try: see
 * vitest.config.ts), with the first line of the error its failed try ended with. A flaky test is
 * named in every summary, never passed over in silence. Vitest keeps a failed try's error on a test
 * that then passes, which is how such a test is told from one that passed at once. A missing or
 * unreadable report names none here: failedTestLines says so under the failed step.
 */
export function retriedTestLines(file, maxLines = 20) {
  const lines = [];
  for (const { suite, path } of readSuites(file).suites ?? []) {
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'passed' && t.failureMessages?.length)
        lines.push(`  passed on a second try: ${path} > ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    }
  }
  return capped(lines, maxLines);
}

/**
 * The `count` test files that took longest across the steps' reports, slowest first, each with its
 * seconds and step: where a slow suite's time goes, in every summary.
 */
export function slowestFileLines(reports, count = 10) {
  const files = [];
  for (const { step, file } of reports) {
    for (const { suite, path } of readSuites(file).suites ?? []) {
      const ms = Number(suite.endTime) - Number(suite.startTime);
      if (Number.isFinite(ms)) files.push({ step, path, ms });
    }
  }
  return files
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ step, path, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${path} (${step})`);
}

function firstLine(message) {
  // eslint-disable-next-line no-control-regex -- strips terminal colour codes from the runner's text
  const text = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = text.split('\n').find((l) => l.trim()) ?? '(no message)';
  return line.trim().slice(0, 240);
}
