import { AVATAR_IDS } from '@price-alerts/domain/common';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { z } from 'zod/mini';
import { keep, readKept } from './keptInStorage';
import { LAST_GREETING_KEY } from './lastGreeting';
import { authLoadingAtom, currentUserAtom } from '../session';

/** The greeting kept under lastGreeting.ts's key: anything else there (an old shape, a hand edit) is ignored. */
export const rememberedGreetingSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  // As displayName() gives it: the profile's name, the account's, or the email's local part.
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  avatarId: z.nullable(z.number().check(z.refine((n) => (AVATAR_IDS as readonly number[]).includes(n)))),
  // Which of 'My Todos' were done (the profile's hasSetAvatar and pwaPromptDismissed), so that the
  // card stands where it stood, or is not there, until the profile says. Absent in an older record.
  todos: z.optional(z.object({ avatar: z.boolean(), pwa: z.boolean() })),
});

export type RememberedGreeting = z.infer<typeof rememberedGreetingSchema>;

/** Not kept (storage refused): the next load shows the name's placeholder until the profile arrives. */
export function rememberGreeting(greeting: RememberedGreeting): void {
  keep(LAST_GREETING_KEY, greeting);
}

/** The greeting last shown on this device, if storage holds a valid one. */
export function readLastGreeting(): RememberedGreeting | null {
  return readKept(LAST_GREETING_KEY, rememberedGreetingSchema);
}

/**
 * The remembered greeting, if it may stand in for the profile: it was this user's, or, while the
 * session is still being checked, whoever was signed in last. Read once per component.
 */
export function useLastGreeting(): RememberedGreeting | null {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const authLoading = useAtomValue(authLoadingAtom);
  const [last] = useState(readLastGreeting);
  return last && (uid ? last.uid === uid : authLoading) ? last : null;
}
