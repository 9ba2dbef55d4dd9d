/** What one try on a channel made of it: the channel's new state, and what the history tells of it. */
import { type DeliveryChannel } from '@price-alerts/domain/common';
import { MAX_DELIVERY_ATTEMPTS, type ChannelState } from '@price-alerts/domain/notify';
import { Timestamp } from 'firebase-admin/firestore';
import { errorMessage } from '../lib/errors';
import { ProviderError } from './providers';

/**
 * What an attempt did: the channel's new state (`lastError` keeps the provider's own words for
 * diagnosis) and, once the state is final, what the alert's history tells the user about it.
 */
export interface ChannelAttempt {
  state: ChannelState;
  reason?: string;
}

/** The reason for a channel given up on, as a person reads it: never the provider's raw error. */
export const GAVE_UP: Record<DeliveryChannel, { refused: string; exhausted: string }> = {
  email: {
    refused: 'The email provider refused the message',
    exhausted: `The email provider did not accept the message in ${MAX_DELIVERY_ATTEMPTS} attempts`,
  },
  push: {
    refused: 'The push service refused the message',
    exhausted: `No device could be reached in ${MAX_DELIVERY_ATTEMPTS} attempts`,
  },
  telegram: {
    refused: 'Telegram refused the message',
    exhausted: `Telegram could not be reached in ${MAX_DELIVERY_ATTEMPTS} attempts`,
  },
  discord: {
    refused: 'Discord refused the message',
    exhausted: `Discord could not be reached in ${MAX_DELIVERY_ATTEMPTS} attempts`,
  },
};

export const sent = (attempts: number, lastError?: string, reason?: string): ChannelAttempt => ({
  state: { state: 'sent', attempts, sentAt: Timestamp.now(), ...(lastError ? { lastError } : {}) },
  ...(reason ? { reason } : {}),
});

export const skipped = (attempts: number, lastError: string, reason = lastError): ChannelAttempt => ({
  state: { state: 'skipped', attempts, lastError },
  reason,
});

/** A failure: pending for a later retry while attempts remain and it may help, else final. */
export function failure(channel: DeliveryChannel, attempts: number, error: unknown): ChannelAttempt {
  const retryable = !(error instanceof ProviderError) || error.retryable;
  const lastError = errorMessage(error);
  if (retryable && attempts < MAX_DELIVERY_ATTEMPTS) return { state: { state: 'pending', attempts, lastError } };
  const reason = retryable ? GAVE_UP[channel].exhausted : GAVE_UP[channel].refused;
  return { state: { state: 'failed', attempts, lastError }, reason };
}
