// The web build replaces re2js with a stub that has only RE2JS.compile (web/src/lib/re2jsStub.ts). A
// Firestore upgrade that used more of the engine, or used it outside the pipeline evaluators' try/catch,
// would fail only when that code ran: this reads the Firestore build the app bundles and says so first.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RE2JS } from '../../web/src/lib/re2jsStub';

const require = createRequire(join(import.meta.dirname, '../../web/package.json'));
const dist = dirname(require.resolve('@firebase/firestore/package.json'));
const browserBuilds = readdirSync(join(dist, 'dist'))
  .filter((file) => /^(index|common-.*)\.esm\.js$/.test(file))
  .map((file) => readFileSync(join(dist, 'dist', file), 'utf8'));

describe("Firestore's use of re2js", () => {
  it('imports only RE2JS, and calls only RE2JS.compile, each time inside a try', () => {
    const code = browserBuilds.join('\n');
    expect(code).toContain('RE2JS.compile(');
    const imports = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'re2js'/g)].map((m) => m[1]?.trim());
    expect(imports).toEqual(['RE2JS']);
    const uses = [...code.matchAll(/RE2JS\.(\w+)/g)].map((m) => m[1]);
    expect(new Set(uses)).toEqual(new Set(['compile']));
    for (const match of code.matchAll(/RE2JS\.compile\(/g)) {
      // The nearest enclosing statement block before the call opens with `try {`.
      const before = code.slice(Math.max(0, (match.index ?? 0) - 2500), match.index);
      expect(before.lastIndexOf('try {'), before.slice(-300)).toBeGreaterThan(before.lastIndexOf('catch ('));
    }
  });

  it('gets a stub whose compile throws, naming the pattern', () => {
    expect(() => RE2JS.compile('a.*b')).toThrow(/not built into this app \(pattern a\.\*b\)/);
  });
});
