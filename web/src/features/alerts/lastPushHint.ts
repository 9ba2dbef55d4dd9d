import { PUSH_HINTS } from '@price-alerts/domain';
import { z } from 'zod';
import { LAST_PUSH_HINT_KEY } from '../../shared/lastGreeting';

const hints: readonly string[] = Object.values(PUSH_HINTS);

/** The push hint the alert form last showed this user (shared/lastGreeting.ts); null for none. */
const lastPushHintSchema = z.object({
  uid: z.string().min(1),
  hint: z
    .string()
    .refine((text) => hints.includes(text))
    .nullable(),
});

/** The hint kept for this user, or null when none was shown or storage holds nothing valid. */
export function readLastPushHint(uid: string): string | null {
  try {
    const raw = localStorage.getItem(LAST_PUSH_HINT_KEY);
    if (raw === null) return null;
    const parsed = lastPushHintSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.uid === uid ? parsed.data.hint : null;
  } catch {
    return null;
  }
}

export function rememberPushHint(uid: string, hint: string | null): void {
  try {
    const value = JSON.stringify({ uid, hint });
    if (localStorage.getItem(LAST_PUSH_HINT_KEY) !== value) localStorage.setItem(LAST_PUSH_HINT_KEY, value);
  } catch {
    // Not remembered: the next form opens without the hint's place held, as on a new device.
  }
}
