// No secret file is tracked; the stack writes the emulators' one from its example.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './tempDir';
import { ensureLocalSecrets, localSecret } from '../../scripts/lib/local-secrets.mjs';
import { root } from '../../scripts/lib/stack.mjs';

describe('local secrets', () => {
  it('writes .secret.local from the example when it is missing', () => {
    const dir = tempDir('secrets-');
    writeFileSync(join(dir, '.secret.local.example'), 'SENDGRID_API_KEY=SG.example\n');
    expect(ensureLocalSecrets(dir)).toBe(true);
    expect(readFileSync(join(dir, '.secret.local'), 'utf8')).toBe('SENDGRID_API_KEY=SG.example\n');
  });

  it('never overwrites one a developer has edited', () => {
    const dir = tempDir('secrets-');
    writeFileSync(join(dir, '.secret.local.example'), 'SENDGRID_API_KEY=SG.example\n');
    writeFileSync(join(dir, '.secret.local'), 'SENDGRID_API_KEY=SG.mine\n');
    expect(ensureLocalSecrets(dir)).toBe(false);
    expect(readFileSync(join(dir, '.secret.local'), 'utf8')).toBe('SENDGRID_API_KEY=SG.mine\n');
  });

  it('adds a secret the example gained, keeping the edited ones', () => {
    const dir = tempDir('secrets-');
    writeFileSync(join(dir, '.secret.local.example'), '# local\nSENDGRID_API_KEY=SG.example\nNEW_KEY=new-value\n');
    writeFileSync(join(dir, '.secret.local'), 'SENDGRID_API_KEY=SG.mine');
    expect(ensureLocalSecrets(dir)).toBe(true);
    expect(readFileSync(join(dir, '.secret.local'), 'utf8')).toBe('SENDGRID_API_KEY=SG.mine\nNEW_KEY=new-value\n');
    expect(ensureLocalSecrets(dir)).toBe(false);
    expect(localSecret(dir, 'NEW_KEY')).toBe('new-value');
    expect(() => localSecret(dir, 'ABSENT')).toThrow('functions/.secret.local has no ABSENT');
  });

  it('tracks no secret file, only the example', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
    expect(tracked.filter((f) => /(^|\/)\.secret[^/]*$/.test(f))).toEqual(['functions/.secret.local.example']);
    const ignored = execFileSync('git', ['check-ignore', 'functions/.secret.local'], { cwd: root, encoding: 'utf8' });
    expect(ignored.trim()).toBe('functions/.secret.local');
  });
});
