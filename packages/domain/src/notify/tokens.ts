import { z } from '../common/zod.ts';

/**
 * A push token's document id: the SHA-256 of the token in hex. Tokens are long and may hold
 * characters a document id should not; the hash is stable, so re-registering overwrites.
 */
export async function pushTokenId(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the app sends to the token-registration function. */
export const registerTokenRequestSchema = z.strictObject({
  token: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'must be at least 10 characters'),
      z.maxLength(4096, 'must be at most 4096 characters'),
    ),
  userAgent: z.optional(z.string().check(z.maxLength(512))),
});
export type RegisterTokenRequest = z.infer<typeof registerTokenRequestSchema>;
