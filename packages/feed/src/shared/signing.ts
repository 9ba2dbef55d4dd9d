/** Signs interval messages as the evaluator checks them (INTERVAL_SIGNATURE in the domain's intervals.ts). */
import { INTERVAL_SIGNATURE } from '@price-alerts/domain/prices';
import { createHmac } from 'node:crypto';

export function signIntervals(key: string, data: Uint8Array, signedAt: number): string {
  return INTERVAL_SIGNATURE.scheme + createHmac('sha256', key).update(`${signedAt}.`).update(data).digest('hex');
}
