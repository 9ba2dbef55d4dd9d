// An account's webhook budget against the Firestore emulator and a receiver on a local socket, with
// a budget of 2 a minute so a burst is a few deliveries: what goes over it waits for its slot, says
// so once in the alert's history, and goes out in the order it fired; retries spend it too.
import type { Delivery } from '@price-alerts/domain/notify';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { saveWebhook } from '../repositories/webhooks';
import { seedAlerts, testApp, type TestApp } from '../testing/emulatorApp';
import { fakeFcm } from '../testing/fakeFcm';
import { startReceiver, type Receiver } from '../testing/receiver';
import { testSender } from '../testing/sender';
import { httpWebhookProvider } from '../webhooks/provider';
import { sendDelivery } from './sender';

const PROJECT = 'demo-webhook-budget';
const FIRED_AT = Date.UTC(2030, 2, 17, 17, 46, 40);
const PER_MINUTE = 2;
let t: TestApp;
let uid: string;
let clock: number;
let receiver: Receiver;
/** The delivery ids the receiver was sent, in the order they came. */
const received: string[] = [];
let answers: number[] = [];

beforeAll(async () => {
  t = await testApp(PROJECT);
  receiver = await startReceiver((request, res) => {
    received.push(String(request.headers['price-alerts-delivery']));
    res.writeHead(answers.shift() ?? 200).end('ok');
  });
});
afterAll(() => Promise.all([receiver.close(), t.close()]));
beforeEach(async () => {
  uid = `budget-${Date.now()}`;
  [clock, answers, received.length] = [FIRED_AT + 1_000, [], 0];
  await clearFirestoreProject(PROJECT);
  const alert = (i: number) => ({ uid, id: `alert-${i}`, type: 'Price rising above' as const, trigger: 1.085 });
  await seedAlerts(
    t.db,
    [1, 2, 3, 4, 5, 6].map((i) => ({ ...alert(i), status: 'triggered' as const })),
  );
  await t.db.doc(`users/${uid}`).set({ fullName: 'Trader' }, { merge: true });
  const since = FIRED_AT - 60_000;
  await saveWebhook(
    t.db,
    uid,
    { url: receiver.url, holdInQuietHours: false, since, secretHint: 'kkkk' },
    'k'.repeat(40),
  );
});

const sender = () => ({
  ...testSender(t, { sinkUrl: 'http://127.0.0.1:9', fcm: fakeFcm(), owner: 'sender-b', now: () => clock }),
  webhook: httpWebhookProvider(t.db, new URL(receiver.url).origin, PER_MINUTE),
});

/** Firings of alerts `from`.. (a news spike), a second apart, with only the webhook to send. */
async function seedFirings(count: number, from = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const firedAt = FIRED_AT + i * 1_000;
    const alertId = `alert-${from + i}`;
    const id = `${uid}__${alertId}__${firedAt}`;
    ids.push(id);
    await t.db.doc(`deliveries/${id}`).set({
      userId: uid,
      alertId,
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.085,
      triggeredPrice: 1.08512,
      triggeredAt: Timestamp.fromMillis(firedAt),
      // As the sender opens it when the firing is first sent: email and push are not this test's.
      channels: { webhook: { state: 'pending', attempts: 0 } },
      dueAt: clock,
    });
  }
  return ids;
}

const webhookState = async (id: string) =>
  ((await t.db.doc(`deliveries/${id}`).get()).data() as Delivery).channels.webhook;
async function webhookHistory(deliveryId: string): Promise<string[]> {
  const alertId = deliveryId.split('__')[1] ?? '';
  const snapshot = await t.db
    .collection(`users/${uid}/alerts/${alertId}/history`)
    .where('channel', '==', 'webhook')
    .orderBy('at')
    .get();
  return snapshot.docs.map((d) => `${d.get('type')}: ${d.get('reason')}`);
}

describe("an account's webhook budget", () => {
  it('sends a burst up to the budget at once; the rest wait for their slots, told once, and go in order', async () => {
    const ids = await seedFirings(4);
    // All four at once, as four instances of the trigger would: the budget is shared through Firestore.
    const results = await Promise.all(ids.map((id) => sendDelivery(sender(), id)));
    expect(received).toHaveLength(PER_MINUTE);
    const waiting = results.flatMap((r, i) => (r.outcome === 'retry' ? [{ id: ids[i] ?? '', dueAt: r.dueAt }] : []));
    expect(waiting.map((w) => w.dueAt - clock).sort((a, b) => a - b)).toEqual([30_000, 60_000]);
    for (const w of waiting) {
      expect(await webhookState(w.id)).toMatchObject({
        state: 'pending',
        attempts: 0,
        slot: w.dueAt,
        overBudget: true,
      });
      expect(await webhookHistory(w.id)).toEqual(['held: over the budget']);
    }
    // Early, the later one is not sent and spends nothing; at each slot, the one whose slot it is goes.
    const [first, second] = [...waiting].sort((a, b) => a.dueAt - b.dueAt) as [
      (typeof waiting)[0],
      (typeof waiting)[0],
    ];
    clock = first.dueAt;
    expect((await sendDelivery(sender(), second.id)).outcome).toBe('not-due');
    expect((await sendDelivery(sender(), first.id)).outcome).toBe('sent');
    clock = second.dueAt;
    expect((await sendDelivery(sender(), second.id)).outcome).toBe('sent');
    expect(received.slice(PER_MINUTE)).toEqual([first.id, second.id]);
    expect(await webhookState(second.id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await webhookHistory(second.id)).toEqual(['held: over the budget', 'notified: 200']);
    // The waits did not spend the budget twice: a minute of quiet later, a whole burst goes again.
    clock += 60_000;
    const fresh = await seedFirings(2, 5);
    await Promise.all(fresh.map((id) => sendDelivery(sender(), id)));
    expect(received.slice(4).sort()).toEqual([...fresh].sort());
  });

  it('leaves a webhook waiting for its slot alone when the delivery is sent earlier for another channel', async () => {
    const [id] = (await seedFirings(1)) as [string];
    const slot = clock + 30_000;
    const waiting = { state: 'pending', attempts: 1, notBefore: slot, slot, overBudget: true };
    // Push is due now (it has no device, so it ends at once); the webhook's slot is 30 s on.
    await t.db
      .doc(`deliveries/${id}`)
      .update({ channels: { push: { state: 'pending', attempts: 0 }, webhook: waiting } });
    await t.db.doc(`webhookBudgets/${uid}`).set({ tat: slot + 30_000 });
    expect(await sendDelivery(sender(), id)).toEqual({ outcome: 'retry', dueAt: slot });
    expect(received).toEqual([]);
    expect(await webhookState(id)).toEqual(waiting);
    expect((await t.db.doc(`webhookBudgets/${uid}`).get()).data()).toEqual({ tat: slot + 30_000 });
  });

  it('counts retries: a receiver that answers 503 uses the budget up, and the next try waits', async () => {
    answers = [503, 503];
    const [id] = (await seedFirings(1)) as [string];
    const first = await sendDelivery(sender(), id);
    expect(first).toMatchObject({ outcome: 'retry' });
    clock = (first as { dueAt: number }).dueAt;
    const second = await sendDelivery(sender(), id);
    expect(received).toEqual([id, id]);
    // Two tries in a few seconds spent a budget of two: the third waits for its slot, a minute on.
    expect(second).toMatchObject({ outcome: 'retry' });
    clock = (second as { dueAt: number }).dueAt;
    const third = await sendDelivery(sender(), id);
    expect(received).toHaveLength(2);
    const state = await webhookState(id);
    expect(state).toMatchObject({ state: 'pending', attempts: 2, overBudget: true });
    expect(state?.slot).toBe((third as { dueAt: number }).dueAt);
    // A budget of 2 a minute gives one every 30 s after its burst: 30 s after the first try.
    expect(state?.slot).toBe(FIRED_AT + 1_000 + 30_000);
    clock = state?.slot ?? 0;
    expect(await sendDelivery(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(received).toEqual([id, id, id]);
    expect(await webhookHistory(id)).toEqual(['held: over the budget', 'notified: 200']);
  });
});
