// The rules cannot import the domain's constants: this keeps the cap they enforce and the app's equal.
import { MAX_ALERTS_PER_ACCOUNT, NOTE_MAX_LENGTH } from '@price-alerts/domain/common';
import { MSG_ALERT_LIMIT } from '@price-alerts/domain/copy';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const rules = readFileSync(join(import.meta.dirname, '..', '..', 'firestore.rules'), 'utf8');

describe('the alert cap in firestore.rules', () => {
  it('is the one the app states', () => {
    const caps = [...rules.matchAll(/count <= (\d+)/g)].map((m) => Number(m[1]));
    expect(caps.length).toBeGreaterThanOrEqual(2);
    expect(new Set(caps)).toEqual(new Set([MAX_ALERTS_PER_ACCOUNT]));
    expect(MSG_ALERT_LIMIT).toContain(`limit of ${MAX_ALERTS_PER_ACCOUNT} alerts`);
  });

  it('keeps notes to the length the app allows', () => {
    expect([...rules.matchAll(/note\.size\(\) <= (\d+)/g)].map((m) => Number(m[1]))).toEqual([NOTE_MAX_LENGTH]);
  });
});
