import { logger } from 'firebase-functions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as logs from './logs';

afterEach(() => vi.restoreAllMocks());

describe('logs', () => {
  it('keeps the event names and messages the docs and log queries name', () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    logs.alertFireFailed('users/u/alerts/a', 'INVALID_ARGUMENT');
    logs.pushTokensCapped('u', ['old']);
    expect(error).toHaveBeenCalledWith('alert_fire_failed: alert cancelled, firing it failed permanently', {
      event: 'alert_fire_failed',
      alertPath: 'users/u/alerts/a',
      reason: 'INVALID_ARGUMENT',
    });
    expect(info).toHaveBeenCalledWith('push_tokens_capped: dropped the oldest devices', {
      event: 'push_tokens_capped',
      uid: 'u',
      removed: ['old'],
    });
  });

  it('gives every entry its event name next to its fields', () => {
    const entries: unknown[] = [];
    for (const level of ['info', 'warn', 'error'] as const)
      vi.spyOn(logger, level).mockImplementation((_message, fields) => void entries.push(fields));
    logs.deliveryAttempted('d1', { outcome: 'retry', dueAt: 5 });
    logs.alertsFired('m1', { read: 3, queries: 1, fired: 1, failed: 0, rearmed: 0 });
    logs.pricesStale([{ pair: 'EUR/USD', lastAt: 7 }]);
    logs.pricesFresh(['EUR/USD']);
    logs.pushTokenStoreFailed('u', new Error('DEADLINE_EXCEEDED'));
    logs.alertExpiryFailed('users/u/alerts/a', 'ABORTED');
    logs.alertFireFailed('users/u/alerts/b', 'INVALID_ARGUMENT');
    // The logger writes its own `message` and `severity` over fields of those names.
    expect(entries.flatMap((fields) => Object.keys(fields as object))).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(message|severity)$/)]),
    );
    expect(entries).toEqual([
      { event: 'delivery_attempted', id: 'd1', outcome: 'retry', dueAt: 5 },
      { event: 'alerts_fired', messageId: 'm1', read: 3, queries: 1, fired: 1, failed: 0, rearmed: 0 },
      { event: 'prices_stale', pairs: [{ pair: 'EUR/USD', lastAt: 7 }] },
      { event: 'prices_fresh', pairs: ['EUR/USD'] },
      { event: 'push_token_store_failed', uid: 'u', reason: 'DEADLINE_EXCEEDED' },
      { event: 'alert_expiry_failed', alertPath: 'users/u/alerts/a', reason: 'ABORTED' },
      { event: 'alert_fire_failed', alertPath: 'users/u/alerts/b', reason: 'INVALID_ARGUMENT' },
    ]);
  });

  it('names each event after its function, one name per event', () => {
    const events: unknown[] = [];
    for (const level of ['info', 'warn', 'error'] as const)
      vi.spyOn(logger, level).mockImplementation(
        (_message, fields) => void events.push((fields as { event?: unknown }).event),
      );
    const named = Object.entries(logs).filter(([, value]) => typeof value === 'function');
    for (const [, log] of named) (log as (...args: unknown[]) => void)('x', [], []);
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    expect(events).toEqual(named.map(([name]) => snake(name)));
  });
});
