// The Functions emulator reads secrets from functions/.secret.local. No secret file is tracked, not
// even a placeholder: the stack writes it from the tracked example when it is missing, and never
// overwrites one a developer has edited.
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export function ensureLocalSecrets(functionsDir) {
  const target = join(functionsDir, '.secret.local');
  if (existsSync(target)) return false;
  copyFileSync(join(functionsDir, '.secret.local.example'), target);
  return true;
}
