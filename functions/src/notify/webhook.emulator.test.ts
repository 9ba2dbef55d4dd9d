// The webhook channel against the Firestore emulator and a real receiver on a local socket, which
// checks each request with the verify function docs/webhooks.md tells users to write: signed
// firings, retries on 5xx and silence, none on 4xx, every forbidden kind of address refused unsent,
// and quiet hours holding it only when chosen.
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { webhookPayloadSchema, type Delivery, type WebhookSettings } from '@price-alerts/domain/notify';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { removeWebhook, saveWebhook } from '../repositories/webhooks';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm } from '../testing/fakeFcm';
import { startReceiver, type Receiver } from '../testing/receiver';
import { testSender } from '../testing/sender';
import { httpWebhookProvider } from '../webhooks/provider';
import { sendDelivery } from './sender';

const PROJECT = 'demo-webhook';
const SECRET = `whsec_${'k'.repeat(43)}`;
const FIRED_AT = Date.UTC(2030, 2, 17, 17, 46, 40);
let t: TestApp;
let uid: string;
let clock: number;

/** The docs' own snippet, run as a user's receiver would run it. */
const docs = readFileSync(new URL('../../../docs/webhooks.md', import.meta.url), 'utf8');
const snippet = /```js\n(const \{ createHmac[\s\S]*?)```/.exec(docs)?.[1] ?? '';
type Verify = (secret: string, header: string | undefined, body: string, now?: number) => boolean;
// The documented code, verbatim.
const verify = new Function('require', `${snippet}\nreturn verify;`)(createRequire(import.meta.url)) as Verify;

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}
let receiver: Receiver;
let receiverUrl: string;
const received: Received[] = [];
/** What the receiver answers, in turn; 'silent' never answers, 'drip' is slow with its body. */
let answers: (number | 'silent' | 'drip')[] = [];

beforeAll(async () => {
  t = await testApp(PROJECT);
  receiver = await startReceiver((request, res) => {
    received.push(request);
    const answer = answers.shift() ?? 200;
    if (answer === 'drip') {
      // 200 at once, then a body a byte a second: the status is the answer.
      res.writeHead(200);
      const drip = setInterval(() => res.write('.'), 1_000);
      res.on('close', () => clearInterval(drip));
    } else if (answer !== 'silent') res.writeHead(answer).end('ok');
  });
  receiverUrl = receiver.url;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  await clearFirestoreProject(PROJECT);
  received.length = 0;
  answers = [];
  clock = FIRED_AT + 1_000;
  uid = `trader-${Date.now()}`;
  await seedAlerts(t.db, [{ uid, id: 'alert-1', type: 'Price rising above', trigger: 1.085, status: 'triggered' }]);
});

/** The sender as on the emulators, with this file's receiver as the local sink; or as in production. */
function sender(where: 'local' | 'production' = 'local') {
  return {
    ...testSender(t, { sinkUrl: 'http://127.0.0.1:9', fcm: fakeFcm(), owner: 'sender-w', now: () => clock }),
    webhook: httpWebhookProvider(t.db, where === 'local' ? new URL(receiverUrl).origin : undefined),
  };
}

async function withWebhook(url: string, patch: Partial<WebhookSettings> = {}) {
  await t.db.doc(`users/${uid}`).set({ fullName: 'Trader' }, { merge: true });
  await saveWebhook(
    t.db,
    uid,
    { url, holdInQuietHours: false, since: FIRED_AT - 60_000, secretHint: 'kkkk', ...patch },
    SECRET,
  );
}

async function seedDelivery(): Promise<string> {
  const id = `${uid}__alert-1__${FIRED_AT}`;
  await t.db.doc(`deliveries/${id}`).set({
    userId: uid,
    alertId: 'alert-1',
    currencyPair: 'EUR/USD',
    alertType: 'Price rising above',
    triggerPrice: 1.085,
    triggeredPrice: 1.08512,
    triggeredAt: Timestamp.fromMillis(FIRED_AT),
    note: 'Breakout',
    // No device: push is skipped at once, and the webhook is what this test watches.
    channels: { push: { state: 'pending', attempts: 0 } },
    dueAt: clock,
  });
  return id;
}

const webhookState = async (id: string) =>
  ((await t.db.doc(`deliveries/${id}`).get()).data() as Delivery).channels.webhook;
async function webhookEvents() {
  const snapshot = await t.db.collection(`users/${uid}/alerts/alert-1/history`).where('channel', '==', 'webhook').get();
  return snapshot.docs.map((d) => `${d.get('outcome')}: ${d.get('reason')}`);
}

/** Sends until nothing is pending, moving the clock to each retry's due time. */
async function sendToTheEnd(id: string) {
  for (let round = 0; round < 10; round++) {
    const result = await sendDelivery(sender(), id);
    if (result.outcome !== 'retry') return result;
    clock = result.dueAt;
  }
  throw new Error('still retrying after 10 rounds');
}

describe('the webhook channel', () => {
  it('posts a signed firing the documented receiver accepts, and the history says Webhook: 200', async () => {
    await withWebhook(receiverUrl);
    const id = await seedDelivery();
    await sendDelivery(sender(), id);
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    const header = request.headers['price-alerts-signature'] as string;
    expect(verify(SECRET, header, request.body, clock)).toBe(true);
    // Altered, signed with another secret, or replayed ten minutes on: each refused by the same code.
    expect(verify(SECRET, header, request.body.replace('1.08512', '1.09512'), clock)).toBe(false);
    expect(verify(`${SECRET}x`, header, request.body, clock)).toBe(false);
    expect(verify(SECRET, header, request.body, clock + 600_000)).toBe(false);
    const payload = webhookPayloadSchema.parse(JSON.parse(request.body));
    expect(payload).toMatchObject({
      version: 1,
      event: 'alert.fired',
      deliveryId: id,
      alertId: 'alert-1',
      pair: 'EUR/USD',
      type: 'Price rising above',
      side: 'ask',
      level: 1.085,
      price: 1.08512,
      time: new Date(FIRED_AT).toISOString(),
      note: 'Breakout',
      title: 'EUR/USD: Price rising above 1.08500',
    });
    expect(request.headers['price-alerts-event']).toBe('alert.fired');
    expect(await webhookState(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await webhookEvents()).toEqual(['sent: 200']);
    // Sent once: another send finds nothing to do.
    await sendDelivery(sender(), id);
    expect(received).toHaveLength(1);
  });

  it('tries a 5xx again with backoff, five tries in all, then says so', async () => {
    await withWebhook(receiverUrl);
    answers = [503, 503, 503, 503, 503];
    const id = await seedDelivery();
    await sendToTheEnd(id);
    expect(received).toHaveLength(5);
    expect(new Set(received.map((r) => r.headers['price-alerts-delivery']))).toEqual(new Set([id]));
    expect(await webhookState(id)).toMatchObject({ state: 'failed', attempts: 5, lastError: '503' });
    expect(await webhookEvents()).toEqual(['failed: failed after 5 tries: 503']);
  });

  it('delivers on the third try after a 500 and a silence of 5 s', async () => {
    await withWebhook(receiverUrl);
    answers = [500, 'silent', 200];
    const id = await seedDelivery();
    await sendToTheEnd(id);
    expect(received).toHaveLength(3);
    expect(await webhookState(id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(await webhookEvents()).toEqual(['sent: 200']);
  }, 20_000);

  it('follows no redirect, and does not try it again', async () => {
    await withWebhook(receiverUrl);
    answers = [302];
    const id = await seedDelivery();
    await sendToTheEnd(id);
    expect(received).toHaveLength(1);
    expect(await webhookEvents()).toEqual(['failed: failed: 302 (redirects are not followed)']);
  });

  it('posts an expiry notice, with no price and no actions', async () => {
    await withWebhook(receiverUrl);
    const id = await seedDelivery();
    await t.db.doc(`deliveries/${id}`).update({ kind: 'expired', triggeredPrice: FieldValue.delete() });
    await sendDelivery(sender(), id);
    const payload = webhookPayloadSchema.parse(JSON.parse((received[0] as Received).body));
    expect(payload).toMatchObject({ event: 'alert.expired', price: null, actions: [], alertId: 'alert-1' });
    expect(payload.title).toBe('Your EUR/USD alert expired');
  });

  it('counts a 200 with a slow body as delivered', async () => {
    await withWebhook(receiverUrl);
    answers = ['drip'];
    const id = await seedDelivery();
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(received).toHaveLength(1);
    expect(await webhookEvents()).toEqual(['sent: 200']);
  });

  it('does not try a 4xx again', async () => {
    await withWebhook(receiverUrl);
    answers = [404];
    const id = await seedDelivery();
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(received).toHaveLength(1);
    expect(await webhookEvents()).toEqual(['failed: failed: 404']);
  });

  const REFUSED: [string, string | RegExp][] = [
    ['https://127.0.0.1:1/hooks', 'failed: 127.0.0.1 is a loopback address'],
    ['https://localhost:1/hooks', / is a loopback address$/],
    ['https://10.0.0.1/hooks', 'failed: 10.0.0.1 is a private address'],
    ['https://192.168.1.20/hooks', 'failed: 192.168.1.20 is a private address'],
    ['https://[fd00::1]/hooks', 'failed: fd00::1 is a private address'],
    ['https://169.254.169.254/computeMetadata/v1/', 'failed: 169.254.169.254 is a link-local address'],
    ['https://0.0.0.0/hooks', 'failed: 0.0.0.0 is an unspecified address'],
    ['https://224.0.0.1/hooks', 'failed: 224.0.0.1 is a multicast address'],
    ['https://192.0.2.1/hooks', 'failed: 192.0.2.1 is a reserved address'],
    ['https://[::ffff:10.0.0.1]/hooks', 'failed: ::ffff:a00:1 is a private address'],
    ['http://127.0.0.1:1/hooks', 'failed: http:// is not https://'],
  ];
  // The emulators' sender refuses all that production does: only its local sink's origin is let through.
  it.each(REFUSED.flatMap(([url, reason]) => (['production', 'local'] as const).map((where) => [url, where, reason])))(
    'refuses %s (%s), unsent and not tried again',
    async (url, where, reason) => {
      await withWebhook(url as string);
      const id = await seedDelivery();
      expect(await sendDelivery(sender(where as 'local' | 'production'), id)).toMatchObject({ outcome: 'sent' });
      expect(received).toHaveLength(0);
      expect(await webhookState(id)).toMatchObject({ state: 'failed', attempts: 1 });
      const [event] = await webhookEvents();
      expect(event).toMatch(typeof reason === 'string' ? `failed: ${reason}` : (reason as RegExp));
    },
  );

  it('sends nothing for a firing before the webhook was set up', async () => {
    await withWebhook(receiverUrl, { since: FIRED_AT + 1 });
    const before = await seedDelivery();
    await sendDelivery(sender(), before);
    expect(await webhookState(before)).toBeUndefined();
    expect(received).toHaveLength(0);
  });

  it('stops retrying a webhook removed meanwhile, and says so', async () => {
    await withWebhook(receiverUrl);
    answers = [503];
    const id = await seedDelivery();
    const first = await sendDelivery(sender(), id);
    expect(first.outcome).toBe('retry');
    await removeWebhook(t.db, uid);
    clock = (first as { dueAt: number }).dueAt;
    await sendDelivery(sender(), id);
    expect(received).toHaveLength(1);
    expect(await webhookState(id)).toMatchObject({ state: 'skipped', attempts: 1 });
    expect(await webhookEvents()).toEqual(['skipped: The webhook was removed']);
  });

  it('waits for the end of quiet hours only when the user chose so', async () => {
    const quietHours = { enabled: true, from: '00:00', to: '23:59', timeZone: 'UTC', holdEmail: false };
    await t.db.doc(`users/${uid}`).set({ quietHours }, { merge: true });
    await withWebhook(receiverUrl, { holdInQuietHours: true });
    const id = await seedDelivery();
    const result = await sendDelivery(sender(), id);
    const end = Date.UTC(2030, 2, 17, 23, 59);
    expect(result).toEqual({ outcome: 'retry', dueAt: end });
    expect(received).toHaveLength(0);
    expect(await webhookState(id)).toMatchObject({ state: 'pending', attempts: 0, notBefore: end });
    clock = end;
    await sendDelivery(sender(), id);
    expect(received).toHaveLength(1);
    expect(await webhookEvents()).toEqual(['sent: 200']);
  });

  it('is not held by quiet hours by default', async () => {
    const quietHours = { enabled: true, from: '00:00', to: '23:59', timeZone: 'UTC', holdEmail: true };
    await t.db.doc(`users/${uid}`).set({ quietHours }, { merge: true });
    await withWebhook(receiverUrl);
    const id = await seedDelivery();
    await sendDelivery(sender(), id);
    expect(received).toHaveLength(1);
  });
});
