// For the repositories' emulator tests: Alice's 24 alerts, written past the rules.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { AlertStatus } from '@price-alerts/domain/common';
import { Timestamp, doc, setDoc } from 'firebase/firestore';
import { ALICE, validAlert } from '../../../../tests/rules/rules-env';

const STATUSES: AlertStatus[] = ['active', 'paused', 'triggered', 'cancelled'];

/** a-00 to a-23, statuses in turn (12 in each list), one minute apart from `base`; a-23 is the newest. */
export async function seedAliceAlerts(env: RulesTestEnvironment, base: number): Promise<void> {
  await env.withSecurityRulesDisabled(async (ctx) => {
    for (let i = 0; i < 24; i++) {
      await setDoc(doc(ctx.firestore(), `users/${ALICE}/alerts/a-${String(i).padStart(2, '0')}`), {
        ...validAlert(),
        status: STATUSES[i % 4],
        createdAt: Timestamp.fromMillis(base + i * 60_000),
      });
    }
  });
}
