import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failedTestLines, retriedTestLines, slowestFileLines } from '../../scripts/lib/failed-tests.mjs';

const dir = mkdtempSync(join(tmpdir(), 'failed-tests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function report(content: unknown): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** A report of one file 'f' with `count` tests t0, t1, … in `status`, each with the error 'e'. */
const manyTests = (count: number, status: 'passed' | 'failed') =>
  report({
    testResults: [
      {
        name: 'f',
        assertionResults: Array.from({ length: count }, (_, i) => ({
          status,
          fullName: `t${i}`,
          failureMessages: ['e'],
        })),
      },
    ],
  });

describe('the failed tests repeated in the summary of npm test', () => {
  it.each([
    {
      name: 'a failed test, with the first line of its error and no colour codes',
      content: {
        testResults: [
          {
            name: `${process.cwd()}/tests/browser/firing.test.ts`,
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'at 390 x 844 shows the push', failureMessages: [] },
              {
                status: 'failed',
                fullName: 'at 820 x 1180 shows the push',
                failureMessages: ['\u001b[31mAssertionError: expected [] to contain 1\u001b[39m\n    at stack'],
              },
            ],
          },
        ],
      },
      lines: [
        '  tests/browser/firing.test.ts > at 820 x 1180 shows the push: AssertionError: expected [] to contain 1',
      ],
    },
    {
      name: 'a file that failed before any test ran',
      content: {
        testResults: [{ name: 'tests/a.test.ts', status: 'failed', message: '\nSyntaxError: x', assertionResults: [] }],
      },
      lines: ['  tests/a.test.ts: SyntaxError: x'],
    },
    {
      name: 'a failed run whose report names no failed test (a hook, an unhandled error)',
      content: { testResults: [{ name: 'a', status: 'passed', assertionResults: [] }] },
      lines: ['  (no failed test in the report: a hook or an unhandled error failed it; see the log above)'],
    },
  ])('$name', ({ content, lines }) => {
    expect(failedTestLines(report(content))).toEqual(lines);
  });

  it('caps a long list and says how many more failed', () => {
    const lines = failedTestLines(manyTests(5, 'failed'), 3);
    expect(lines).toEqual(['  f > t0: e', '  f > t1: e', '  f > t2: e', '  ... and 2 more']);
  });

  it('says so when the report is missing or unreadable', () => {
    expect(failedTestLines(join(dir, 'absent.json'))[0]).toMatch(/no test report at .*absent\.json/);
    expect(failedTestLines(report('{not json'))[0]).toMatch(/unreadable test report/);
  });
});

describe('the tests named in the summary for passing only on a second try', () => {
  it("names a passed test that kept a failed try's error, and no other", () => {
    const file = report({
      testResults: [
        {
          name: `${process.cwd()}/tests/browser/firing.test.ts`,
          status: 'passed',
          assertionResults: [
            { status: 'passed', fullName: 'at 390 x 844 shows the push', failureMessages: [] },
            {
              status: 'passed',
              fullName: 'at 820 x 1180 shows the push',
              failureMessages: ['Error: No push shown\n  at x'],
            },
            { status: 'failed', fullName: 'fails twice', failureMessages: ['e1', 'e2'] },
          ],
        },
      ],
    });
    expect(retriedTestLines(file)).toEqual([
      '  passed on a second try: tests/browser/firing.test.ts > at 820 x 1180 shows the push: Error: No push shown',
    ]);
  });

  it('caps a long list and says how many more', () => {
    const lines = retriedTestLines(manyTests(4, 'passed'), 2);
    expect(lines).toEqual([
      '  passed on a second try: f > t0: e',
      '  passed on a second try: f > t1: e',
      '  ... and 2 more',
    ]);
  });

  it('names none when the report is missing or unreadable', () => {
    expect(retriedTestLines(join(dir, 'absent.json'))).toEqual([]);
    expect(retriedTestLines(report('{not json'))).toEqual([]);
  });
});

describe('the slowest test files in the summary of npm test', () => {
  const timed = (name: string, startTime: number, endTime: number) => ({
    name,
    startTime,
    endTime,
    assertionResults: [],
  });

  it('lists the slowest files across every step, slowest first, each with its seconds and step', () => {
    const unit = report({ testResults: [timed('a.test.ts', 0, 1_200), timed('b.test.ts', 0, 300)] });
    const browser = report({ testResults: [timed('c.test.ts', 5_000, 65_500), timed('d.test.ts', 0, 800)] });
    const reports = [
      { step: 'unit', file: unit },
      { step: 'browser', file: browser },
    ];
    expect(slowestFileLines(reports, 3)).toEqual([
      '    60.5 s  c.test.ts (browser)',
      '     1.2 s  a.test.ts (unit)',
      '     0.8 s  d.test.ts (browser)',
    ]);
  });

  it('skips a missing report and a file with no times', () => {
    const partial = report({
      testResults: [{ name: 'x.test.ts', assertionResults: [] }, timed('y.test.ts', 0, 2_000)],
    });
    const reports = [
      { step: 'gone', file: join(dir, 'missing.json') },
      { step: 'unit', file: partial },
    ];
    expect(slowestFileLines(reports)).toEqual(['     2.0 s  y.test.ts (unit)']);
  });
});
