import { ESLint } from 'eslint';
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
});

describe('functions logging', () => {
  it('refuses the logger outside logs.ts: every log line is a named event', async () => {
    const [result] = await eslint.lintText("import { logger } from 'firebase-functions';\nlogger.info('x');\n", {
      filePath: root + 'functions/src/triggers/probe.ts',
    });
    expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });
});
