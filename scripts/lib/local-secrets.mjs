// The Functions emulator reads secrets from functions/.secret.local. No secret file is tracked, not
// even a placeholder: the stack writes it from the tracked example when it is missing, adds a
// secret the example has gained since, and never changes a value a developer has edited.
import { appendFileSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** KEY=value lines, comments and blank lines left out. */
function parse(text) {
  const entries = new Map();
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) entries.set(match[1], match[2].trim());
  }
  return entries;
}

/** Returns true when it wrote the file or added to it. */
export function ensureLocalSecrets(functionsDir) {
  const target = join(functionsDir, '.secret.local');
  const example = join(functionsDir, '.secret.local.example');
  if (!existsSync(target)) {
    copyFileSync(example, target);
    return true;
  }
  const have = parse(readFileSync(target, 'utf8'));
  const missing = [...parse(readFileSync(example, 'utf8'))].filter(([key]) => !have.has(key));
  if (missing.length === 0) return false;
  const text = readFileSync(target, 'utf8');
  appendFileSync(
    target,
    `${text.endsWith('\n') || text === '' ? '' : '\n'}${missing.map(([k, v]) => `${k}=${v}`).join('\n')}\n`,
  );
  return true;
}

/** One secret's value from functions/.secret.local (written first when missing). */
export function localSecret(functionsDir, name) {
  ensureLocalSecrets(functionsDir);
  const value = parse(readFileSync(join(functionsDir, '.secret.local'), 'utf8')).get(name);
  if (!value) throw new Error(`functions/.secret.local has no ${name}: add it (see .secret.local.example)`);
  return value;
}
