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

describe('web import boundaries (app -> features -> shared -> lib)', () => {
  it.each([
    [
      'a feature importing another feature',
      'web/src/features/pwa/probe.ts',
      "import { useAlertActions as imported } from '../alerts/alertActions';",
    ],
    [
      'a feature importing the app',
      'web/src/features/alerts/probe.ts',
      "import { RequireAuth as imported } from '../../app/RequireAuth';",
    ],
    [
      'shared code importing a feature',
      'web/src/shared/probe.ts',
      "import { draftAtom as imported } from '../features/alerts/atoms';",
    ],
    [
      'lib importing shared code',
      'web/src/lib/probe.ts',
      "import { currentUserAtom as imported } from '../shared/session';",
    ],
  ])('refuses %s', async (_name, file, code) => {
    expect(await rulesHit(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    [
      'the app importing a feature',
      'web/src/app/probe.ts',
      "import { useAlertActions as imported } from '../features/alerts/alertActions';",
    ],
    [
      'a feature importing shared code',
      'web/src/features/alerts/probe.ts',
      "import { currentUserAtom as imported } from '../../shared/session';",
    ],
    [
      'a feature importing its own module',
      'web/src/features/alerts/probe.ts',
      "import { draftAtom as imported } from './atoms';",
    ],
    ['shared code importing lib', 'web/src/shared/probe.ts', "import { getDb as imported } from '../lib/firebase';"],
  ])('allows %s', async (_name, file, code) => {
    expect(await rulesHit(file, code)).toEqual([]);
  });
});
