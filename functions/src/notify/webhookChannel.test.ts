import type { WebhookPayload } from '@price-alerts/domain/notify';
import { describe, expect, it } from 'vitest';
import { attemptWebhook } from './webhookChannel';
import type { WebhookProvider } from './providers';

const NOW = Date.UTC(2030, 2, 17, 17, 46, 40);
const payload = { deliveryId: 'd-1' } as WebhookPayload;

/** A provider at its boundary: what `claim` answers or throws, and the POSTs it was asked for. */
function provider(claim: WebhookProvider['claim']): WebhookProvider & { posts: string[] } {
  const posts: string[] = [];
  return {
    posts,
    claim,
    secret: () => Promise.resolve('s'.repeat(40)),
    post: (url) => {
      posts.push(url);
      return Promise.resolve({ status: 200, text: 'ok' });
    },
  };
}

describe('attemptWebhook and the account’s budget', () => {
  it('does not count a try whose budget could not be claimed, and posts nothing', async () => {
    const p = provider(() => Promise.reject(new Error('10 ABORTED: Too much contention on these documents')));
    const attempt = await attemptWebhook(p, 'u', 'https://example.com/h', payload, { attempts: 3 }, NOW);
    expect(attempt.state).toEqual({
      state: 'pending',
      attempts: 2,
      lastError: 'Not tried: 10 ABORTED: Too much contention on these documents',
    });
    expect(attempt.reason).toBeUndefined();
    expect(p.posts).toEqual([]);
  });

  it('waits, uncounted, for a slot the budget gives later, and posts nothing yet', async () => {
    const p = provider(() => Promise.resolve({ secret: 's'.repeat(40), at: NOW + 1_000 }));
    const attempt = await attemptWebhook(p, 'u', 'https://example.com/h', payload, { attempts: 1 }, NOW);
    expect(attempt.state).toEqual({
      state: 'pending',
      attempts: 0,
      notBefore: NOW + 1_000,
      slot: NOW + 1_000,
      overBudget: true,
    });
    expect(p.posts).toEqual([]);
  });

  it('at its slot, posts without claiming again', async () => {
    const p = provider(() => Promise.reject(new Error('claimed twice')));
    const attempt = await attemptWebhook(p, 'u', 'https://example.com/h', payload, { attempts: 1, slot: NOW }, NOW);
    expect(attempt.state).toMatchObject({ state: 'sent', attempts: 1 });
    expect(p.posts).toEqual(['https://example.com/h']);
  });
});
