// The import-cycle check (scripts/check-cycles.mjs), the only one the project runs: it finds a cycle
// of value imports and one made only of type imports (which ESLint's import-x/no-cycle would not
// follow), and passes the repository as it is.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './tempDir';

const script = join(import.meta.dirname, '../../scripts/check-cycles.mjs');
const check = (files?: Record<string, string>) => {
  const args = [script];
  if (files) {
    const dir = tempDir('cycles-');
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    args.push(dir);
  }
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status: run.status, said: run.stdout + run.stderr };
};

describe('the import-cycle check', () => {
  it('finds a cycle of type-only imports, naming its modules', () => {
    const found = check({
      'a.ts': "import type { B } from './b';\nexport type A = { b: B };\n",
      'b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
      'c.ts': "import type { A } from './a';\nexport type C = A;\n",
    });
    expect(found.status).toBe(1);
    expect(found.said).toMatch(/Import cycle: .*a\.ts <-> .*b\.ts|Import cycle: .*b\.ts <-> .*a\.ts/);
    expect(found.said).not.toContain('c.ts');
  });

  it('finds a cycle through a side-effect import, and through .js specifiers of .ts sources', () => {
    expect(check({ 'a.ts': "import './b';\n", 'b.ts': "import { a } from './a';\nexport const b = a;\n" }).status).toBe(
      1,
    );
    expect(
      check({
        'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
        'b.ts': "import { a } from './a.js';\nexport const b = 1;\n",
      }).status,
    ).toBe(1);
  });

  it('passes modules whose imports run one way', () => {
    const clean = check({
      'a.ts': 'export type A = 1;\n',
      'b.ts': "import type { A } from './a';\nexport type B = A;\n",
    });
    expect(clean).toMatchObject({ status: 0 });
  });

  it('finds none in the repository', () => {
    expect(check()).toMatchObject({ status: 0 });
  });
});
