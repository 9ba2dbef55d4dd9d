/**
 * One try of the webhook channel (notify/webhooks.ts in the domain): sign, POST, and judge the
 * answer. 2xx is sent; 5xx, a timeout and a network error are tried again with the delivery's
 * backoff, up to MAX_WEBHOOK_ATTEMPTS; 4xx, a redirect and a forbidden address are final at once.
 */
import {
  MAX_WEBHOOK_ATTEMPTS,
  statusWords,
  webhookHistoryReason,
  webhookVerdict,
  type WebhookPayload,
} from '@price-alerts/domain/notify';
import { Timestamp } from 'firebase-admin/firestore';
import { errorMessage } from '../lib/errors';
import * as logs from '../logs';
import { ForbiddenAddress } from '../webhooks/addresses';
import { signedRequest } from '../webhooks/payload';
import { WebhookTimeout } from '../webhooks/post';
import type { ChannelAttempt } from './channels';
import type { WebhookProvider } from './providers';

export const WEBHOOK_REMOVED = 'The webhook was removed';

/** A failure as a person reads it: 'connection refused', not the socket's code alone. */
export function networkWords(error: unknown): string {
  if (error instanceof WebhookTimeout || error instanceof ForbiddenAddress) return error.message;
  const code = (error as { code?: string }).code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENETUNREACH: 'network unreachable',
    EHOSTUNREACH: 'host unreachable',
    ENOTFOUND: 'address not found',
    EAI_AGAIN: 'address lookup failed',
    CERT_HAS_EXPIRED: 'certificate expired',
    ERR_TLS_CERT_ALTNAME_INVALID: 'certificate is for another name',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  };
  return (code && known[code]) ?? errorMessage(error).slice(0, 120);
}

const final = (attempts: number, lastError: string, reason: string): ChannelAttempt => ({
  state: { state: 'failed', attempts, lastError },
  reason: webhookHistoryReason.refused(reason),
});

function again(attempts: number, last: string): ChannelAttempt {
  if (attempts < MAX_WEBHOOK_ATTEMPTS) return { state: { state: 'pending', attempts, lastError: last } };
  return {
    state: { state: 'failed', attempts, lastError: last },
    reason: webhookHistoryReason.exhausted(attempts, last),
  };
}

/**
 * The secret, and whether the request may go now: a try at or after the slot it waited for has paid
 * already; any other spends one of the account's budget, or is given a slot to wait for.
 */
async function secretFor(provider: WebhookProvider, userId: string, slot: number | undefined, now: number) {
  if (slot !== undefined && slot <= now) {
    const secret = await provider.secret(userId);
    return secret ? { secret, at: now } : undefined;
  }
  return provider.claim(userId, now);
}

/**
 * Never throws: what happened goes in the state, and for a final state in the history's words.
 * `slot`: the time this try waited for in the budget, if it did.
 */
export async function attemptWebhook(
  provider: WebhookProvider,
  userId: string,
  url: string,
  payload: WebhookPayload,
  try_: { attempts: number; slot?: number | undefined },
  now: number,
): Promise<ChannelAttempt> {
  const { attempts } = try_;
  let claimed: Awaited<ReturnType<typeof secretFor>>;
  try {
    claimed = await secretFor(provider, userId, try_.slot, now);
  } catch (error) {
    // Our own store failed (a budget contended by a burst, say): nothing went to the receiver, so the
    // try is not counted, and the delivery's backoff brings it back.
    return { state: { state: 'pending', attempts: attempts - 1, lastError: `Not tried: ${errorMessage(error)}` } };
  }
  try {
    if (!claimed)
      return {
        state: { state: 'skipped', attempts: attempts - 1, lastError: WEBHOOK_REMOVED },
        reason: WEBHOOK_REMOVED,
      };
    if (claimed.at > now) {
      logs.webhookOverBudget(userId, payload.deliveryId, claimed.at - now);
      const slot = claimed.at;
      return { state: { state: 'pending', attempts: attempts - 1, notBefore: slot, slot, overBudget: true } };
    }
    const { body, headers } = signedRequest(payload, claimed.secret, now);
    const { status } = await provider.post(url, body, headers);
    const verdict = webhookVerdict(status);
    logs.webhookAnswered(userId, payload.deliveryId, status, attempts);
    if (verdict === 'sent')
      return { state: { state: 'sent', attempts, sentAt: Timestamp.now() }, reason: webhookHistoryReason.sent(status) };
    return verdict === 'retry' ? again(attempts, String(status)) : final(attempts, String(status), statusWords(status));
  } catch (error) {
    // A name not found may be back in a minute (a lapsed record, a resolver's blip): tried again.
    if (error instanceof ForbiddenAddress && error.kind !== 'unresolved') {
      logs.webhookRefused(userId, error.message);
      return final(attempts, error.message, error.message);
    }
    return again(attempts, networkWords(error));
  }
}
