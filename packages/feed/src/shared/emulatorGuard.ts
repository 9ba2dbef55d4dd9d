/**
 * Pointed at the Auth emulator, the Admin SDK accepts unsigned ID tokens: anyone could sign in as any
 * uid. Only a `demo-` project, which Firebase keeps for the emulators and no deployed project has,
 * may run so; an entry point adds this to its configuration's checks.
 */
import type { z } from 'zod';

export function authEmulatorOnlyForDemo(
  config: { GOOGLE_CLOUD_PROJECT: string; FIREBASE_AUTH_EMULATOR_HOST?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (config.FIREBASE_AUTH_EMULATOR_HOST && !config.GOOGLE_CLOUD_PROJECT.startsWith('demo-'))
    ctx.addIssue({
      code: 'custom',
      path: ['FIREBASE_AUTH_EMULATOR_HOST'],
      message: `is set, but ${config.GOOGLE_CLOUD_PROJECT} is not a demo- project: the Auth emulator's unsigned tokens are trusted only there`,
    });
}
