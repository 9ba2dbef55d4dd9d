import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's layers as lint sees them: each case is a line of code placed in a file of one
// layer, importing a real module of another.
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = imported;\n`, { filePath: root + file });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const refused: [string, string, string, string][] = [
  ['a feature importing another feature', 'features/pwa', '../dashboard/details/alertActions', 'useAlertActions'],
  ['the form importing the dashboard', 'features/alert-form', '../dashboard/atoms', 'selectedAlertAtom'],
  ['a feature importing the app', 'features/dashboard', '../../app/RequireAuth', 'default'],
  ['shared code importing a feature', 'shared', '../features/dashboard/atoms', 'selectedAlertAtom'],
  ['shared code importing the app', 'shared', '../app/RequireAuth', 'default'],
  ['lib importing shared code', 'lib', '../shared/session', 'currentUserAtom'],
  ['lib importing a feature', 'lib', '../features/dashboard/atoms', 'selectedAlertAtom'],
  ['lib importing the app', 'lib', '../app/RequireAuth', 'default'],
];

const allowed: [string, string, string, string][] = [
  ['the app importing a feature', 'app', '../features/dashboard/details/alertActions', 'useAlertActions'],
  ['a feature importing shared code', 'features/alert-form', '../../shared/draft', 'draftAtom'],
  ['a feature importing its own module', 'features/dashboard', './atoms', 'selectedAlertAtom'],
  ['shared code importing lib', 'shared', '../lib/firebase', 'getDb'],
];

describe('web import boundaries (app -> features -> shared -> lib)', () => {
  it.each(refused)('refuses %s', async (_name, dir, from, name) => {
    const rules = await rulesHit(`web/src/${dir}/probe.ts`, `import { ${name} as imported } from '${from}';`);
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it.each(allowed)('allows %s', async (_name, dir, from, name) => {
    expect(await rulesHit(`web/src/${dir}/probe.ts`, `import { ${name} as imported } from '${from}';`)).toEqual([]);
  });

  it('refuses an import it cannot resolve, which would slip past every zone', async () => {
    const rules = await rulesHit('web/src/features/pwa/probe.ts', "import { draftAtom as imported } from '/src/x';");
    expect(rules).toContain('import-x/no-unresolved');
  });

  it("refuses jotai's default store: the app has one store, provided at the root", async () => {
    const rules = await rulesHit(
      'web/src/features/dashboard/probe.ts',
      "import { getDefaultStore as imported } from 'jotai';",
    );
    expect(rules).toContain('no-restricted-imports');
  });

  it('refuses a dependency cycle', async () => {
    // Two real files (a cycle needs both on disk), in a folder of their own that is removed after.
    const dir = mkdtempSync(join(root, 'web/src/lib/cycle-probe-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
      expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('functions logging', () => {
  it('refuses the logger outside logs.ts: every log line is a named event', async () => {
    const [result] = await eslint.lintText("import { logger } from 'firebase-functions';\nlogger.info('x');\n", {
      filePath: root + 'functions/src/triggers/probe.ts',
    });
    expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });
});
