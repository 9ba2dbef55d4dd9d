import { PUSH_HINTS } from '@price-alerts/domain/notify';
import { z } from 'zod/mini';
import { keep, readKept } from './keptInStorage';
import { LAST_PUSH_HINT_KEY } from './lastGreeting';

const hints: readonly string[] = Object.values(PUSH_HINTS);

/** The push hint the alert form last showed this user (shared/firstPaint/lastGreeting.ts); null for none. */
const lastPushHintSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  hint: z.nullable(z.string().check(z.refine((text) => hints.includes(text)))),
});

/** The hint kept for this user, or null when none was shown or storage holds nothing valid. */
export function readLastPushHint(uid: string): string | null {
  const kept = readKept(LAST_PUSH_HINT_KEY, lastPushHintSchema);
  return kept?.uid === uid ? kept.hint : null;
}

/** Not kept (storage refused): the next form opens without the hint's place held, as on a new device. */
export function rememberPushHint(uid: string, hint: string | null): void {
  keep(LAST_PUSH_HINT_KEY, { uid, hint });
}
