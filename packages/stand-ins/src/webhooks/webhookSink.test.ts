import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookSink, type StoredHook, type WebhookSink } from './webhookSink.ts';

let sink: WebhookSink;
beforeAll(async () => {
  sink = await startWebhookSink();
});
afterAll(() => sink.close());
beforeEach(async () => {
  await fetch(`${sink.url}/api/hooks`, { method: 'DELETE' });
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${sink.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
const kept = async () => (await (await fetch(`${sink.url}/api/hooks`)).json()) as StoredHook[];

describe('webhook sink', () => {
  it('keeps a POST with its signature and exact body, and answers 200', async () => {
    const res = await post('/hooks/a', '{"event":"alert.fired"}', {
      'price-alerts-signature': 't=1,v1=ab',
      'price-alerts-event': 'alert.fired',
    });
    expect(res.status).toBe(200);
    expect(await kept()).toEqual([
      expect.objectContaining({
        path: '/hooks/a',
        status: 200,
        signature: 't=1,v1=ab',
        event: 'alert.fired',
        body: '{"event":"alert.fired"}',
      }),
    ]);
  });

  it.each([
    ['/status/503/x', 503],
    ['/status/404', 404],
    ['/status/999', 200],
    ['/status/abc', 200],
  ])('answers %s with %i', async (path, status) => {
    expect((await post(path, '{}')).status).toBe(status);
    expect((await kept()).map((h) => h.status)).toEqual([status]);
  });

  it.each([
    ['/hooks/a', { challenge: 'c0ffee' }],
    ['/status/418/teapot', { challenge: 'c0ffee' }],
    ['/unconfirmed/hooks', { ok: true }],
  ])('answers a verification request on %s with %o, and keeps it', async (path, answer) => {
    const verify = '{"version":1,"event":"webhook.verify","challenge":"c0ffee","time":"2026-11-29T12:00:00.000Z"}';
    const res = await post(path, verify, { 'price-alerts-event': 'webhook.verify' });
    expect([res.status, await res.json()]).toEqual([200, answer]);
    expect((await kept()).map((h) => h.event)).toEqual(['webhook.verify']);
  });

  it('refuses a body over 64 KB and keeps nothing', async () => {
    expect((await post('/hooks', 'x'.repeat(70_000))).status).toBe(413);
    expect(await kept()).toEqual([]);
  });

  it('shows what arrived on its page, escaped', async () => {
    await post('/hooks', '{"note":"<script>alert(1)</script>"}', { 'price-alerts-event': '<b>x</b>' });
    const page = await (await fetch(`${sink.url}/`)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt; · answered 200');
    expect(page).not.toContain('<script>');
    expect(page).toContain('<title>Local webhook sink (1)</title>');
  });
});
