// The app's real alert queries and writes, against the Firestore emulator with the real rules.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { AlertLimitError, type ValidAlertInput } from '@price-alerts/domain/alerts';
import { type Alert } from '@price-alerts/domain/store';
import { Timestamp, collection, doc, getDoc, getDocs, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAliceAlerts } from './seedAlerts.testing';
import { ALICE, COUNTER, rulesEnv, validAlert } from '../../../../tests/rules/rules-env';
import {
  alertCount,
  createAlert,
  deleteAlert,
  getAlert,
  setAlertStatus,
  updateAlert,
  watchAlerts,
  type AlertList,
} from './alerts';

let env: RulesTestEnvironment;
let db: Firestore;
const BASE = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  env = await rulesEnv('repo-alerts');
});
beforeEach(async () => {
  await env.clearFirestore();
  // 24 alerts, statuses in turn, one minute apart; a-23 is the newest.
  await seedAliceAlerts(env, BASE);
  // The compat instance the test library hands out is accepted by the modular functions.
  db = env.authenticatedContext(ALICE).firestore() as unknown as Firestore;
});
afterAll(async () => {
  await env.cleanup();
});

function nextSnapshot(list: AlertList, predicate: (alerts: Alert[]) => boolean = () => true): Promise<Alert[]> {
  return new Promise((resolve, reject) => {
    const stop = watchAlerts(
      db,
      ALICE,
      list,
      (alerts) => {
        if (!predicate(alerts)) return;
        stop();
        resolve(alerts);
      },
      reject,
    );
  });
}

const millis = (a: Alert) => (a.createdAt as Timestamp).toMillis();

describe('alerts repository', () => {
  it('lists the 10 newest active or paused alerts, newest first', async () => {
    const alerts = await nextSnapshot('active');
    expect(alerts).toHaveLength(10);
    expect(alerts.every((a) => a.status === 'active' || a.status === 'paused')).toBe(true);
    expect(alerts.map(millis)).toEqual([...alerts.map(millis)].sort((x, y) => y - x));
    expect(alerts[0]?.id).toBe('a-21');
  });

  it('lists the 5 newest triggered or cancelled alerts, newest first', async () => {
    const alerts = await nextSnapshot('previous');
    expect(alerts.map((a) => a.id)).toEqual(['a-23', 'a-22', 'a-19', 'a-18', 'a-15']);
  });

  it('creates an alert that heads the active list with a server createdAt', async () => {
    const id = await createAlert(db, ALICE, {
      currencyPair: 'BTC/USD',
      alertType: 'Price dropping below',
      triggerPrice: 60000,
      priceSide: 'ask',
      notificationPreferences: { email: false, push: true },
    });
    // The first snapshot may come from the local cache alone; wait for the server's full list.
    const alerts = await nextSnapshot('active', (list) => list[0]?.id === id && list.length === 10);
    expect(alerts[0]).toMatchObject({ userId: ALICE, currencyPair: 'BTC/USD', status: 'active', triggerPrice: 60000 });
    expect(alerts).toHaveLength(10);
  });

  it('pauses, resumes, edits and deletes through the rules', async () => {
    await setAlertStatus(db, ALICE, 'a-20', 'paused');
    expect((await getAlert(db, ALICE, 'a-20'))?.status).toBe('paused');
    await setAlertStatus(db, ALICE, 'a-20', 'active');
    await updateAlert(db, ALICE, 'a-20', {
      currencyPair: 'XAU/USD',
      alertType: 'Price reaching',
      triggerPrice: 2750,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: true },
    });
    expect(await getAlert(db, ALICE, 'a-20')).toMatchObject({
      currencyPair: 'XAU/USD',
      triggerPrice: 2750,
      status: 'active',
    });
    await deleteAlert(db, ALICE, 'a-20');
    expect(await getAlert(db, ALICE, 'a-20')).toBeUndefined();
  });

  it('stores a note, changes it on edit, and removes it when the edit clears it', async () => {
    const base = {
      currencyPair: 'EUR/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.2,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: false },
    } as const;
    const id = await createAlert(db, ALICE, { ...base, note: 'Range top' });
    expect((await getAlert(db, ALICE, id))?.note).toBe('Range top');
    await updateAlert(db, ALICE, id, { ...base, note: 'Range top, take half' });
    expect((await getAlert(db, ALICE, id))?.note).toBe('Range top, take half');
    await updateAlert(db, ALICE, id, base);
    expect(await getAlert(db, ALICE, id)).not.toHaveProperty('note');
    await deleteAlert(db, ALICE, id);
  });

  it('stores a once alert of the defaults as before, with its side and armed', async () => {
    const id = await createAlert(db, ALICE, {
      currencyPair: 'EUR/USD',
      alertType: 'Price reaching',
      triggerPrice: 1.1,
      priceSide: 'ask',
      notificationPreferences: { email: true, push: false },
    });
    const stored = await getAlert(db, ALICE, id);
    expect(stored).toMatchObject({ priceSide: 'ask', armed: true, status: 'active' });
    for (const field of ['repeat', 'cooldownMinutes', 'rearmPercent', 'expiresAt']) {
      expect(stored).not.toHaveProperty(field);
    }
  });

  it('stores every field of an every-time alert, and an edit starts it afresh, clearing what it cleared', async () => {
    const expiresAt = Date.now() + 7 * 86_400_000;
    const input: ValidAlertInput = {
      currencyPair: 'GBP/USD',
      alertType: 'Price rising above',
      triggerPrice: 1.3,
      priceSide: 'bid',
      notificationPreferences: { email: true, push: true },
      repeat: 'every',
      cooldownMinutes: 5,
      rearmPercent: 0.2,
      expiresAt,
    };
    const id = await createAlert(db, ALICE, input);
    expect(await getAlert(db, ALICE, id)).toMatchObject({ ...input, userId: ALICE, status: 'active', armed: true });

    // What the server leaves on an every-time alert that fired, is waiting to re-arm, and ran away.
    await env.withSecurityRulesDisabled((ctx) =>
      setDoc(
        doc(ctx.firestore(), `users/${ALICE}/alerts/${id}`),
        {
          status: 'paused',
          armed: false,
          rearmBelow: 1.2974,
          armAt: Date.now() + 60_000,
          pauseReason: 'runaway',
          fireCount: 16,
        },
        { merge: true },
      ),
    );
    await updateAlert(db, ALICE, id, {
      ...input,
      priceSide: 'mid',
      cooldownMinutes: 60,
      expiresAt: expiresAt + 60_000,
    });
    const edited = await getAlert(db, ALICE, id);
    expect(edited).toMatchObject({ priceSide: 'mid', cooldownMinutes: 60, expiresAt: expiresAt + 60_000, armed: true });
    for (const field of ['rearmBelow', 'rearmAbove', 'armAt', 'pauseReason']) expect(edited).not.toHaveProperty(field);
    // The edit does not resume it, and the firings so far stay counted.
    expect(edited).toMatchObject({ status: 'paused', fireCount: 16 });

    // Once again, never expiring: the repeat fields and the expiry leave the document.
    const { repeat: _r, cooldownMinutes: _c, rearmPercent: _p, expiresAt: _e, ...once } = input;
    await updateAlert(db, ALICE, id, once);
    const onceAgain = await getAlert(db, ALICE, id);
    expect(onceAgain).toMatchObject({ priceSide: 'bid', armed: true });
    for (const field of ['repeat', 'cooldownMinutes', 'rearmPercent', 'expiresAt']) {
      expect(onceAgain).not.toHaveProperty(field);
    }
  });

  it('resumes an alert the runaway guard paused, clearing the reason', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), `users/${ALICE}/alerts/storm`), {
        ...validAlert(),
        repeat: 'every',
        status: 'paused',
        pauseReason: 'runaway',
        createdAt: Timestamp.fromMillis(BASE),
      });
    });
    await setAlertStatus(db, ALICE, 'storm', 'active');
    const resumed = await getAlert(db, ALICE, 'storm');
    expect([resumed?.status, resumed?.pauseReason]).toEqual(['active', undefined]);
  });

  it('refuses to pause a triggered alert', async () => {
    await expect(setAlertStatus(db, ALICE, 'a-23', 'paused')).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('leaves an invalid document out of the list instead of failing it', async () => {
    await env.withSecurityRulesDisabled((ctx) =>
      setDoc(doc(ctx.firestore(), `users/${ALICE}/alerts/broken`), {
        ...validAlert(),
        triggerPrice: 'lots',
        createdAt: Timestamp.fromMillis(BASE + 10 * 3_600_000),
      }),
    );
    const [alerts, full] = await new Promise<[Alert[], boolean]>((resolve, reject) => {
      const stop = watchAlerts(db, ALICE, 'active', (list, atLimit) => (stop(), resolve([list, atLimit])), reject);
    });
    expect(alerts.map((a) => a.id)).not.toContain('broken');
    expect(alerts).toHaveLength(9);
    // Ten documents came back: the list is at its limit, though one of them could not be read.
    expect(full).toBe(true);
  });
});

describe('alerts repository: the 200-alert cap', () => {
  const input: ValidAlertInput = {
    currencyPair: 'EUR/USD',
    alertType: 'Price reaching',
    triggerPrice: 1.1,
    priceSide: 'ask',
    notificationPreferences: { email: true, push: false },
  };
  const setCount = (count: number) =>
    env.withSecurityRulesDisabled((ctx) => setDoc(doc(ctx.firestore(), COUNTER()), { count, lastAlertId: 'seed' }));
  const stored = async () => {
    let result = { alerts: -1, count: -1 };
    await env.withSecurityRulesDisabled(async (ctx) => {
      const alerts = (await getDocs(collection(ctx.firestore(), `users/${ALICE}/alerts`))).size;
      result = { alerts, count: (await getDoc(doc(ctx.firestore(), COUNTER()))).get('count') as number };
    });
    return result;
  };

  it('counts each create and counted delete in the same batch', async () => {
    await setCount(24);
    const id = await createAlert(db, ALICE, input);
    expect(await stored()).toEqual({ alerts: 25, count: 25 });
    await deleteAlert(db, ALICE, id);
    await deleteAlert(db, ALICE, 'a-00');
    expect(await stored()).toEqual({ alerts: 23, count: 23 });
    expect(await alertCount(db, ALICE)).toBe(23);
  });

  it('starts counting at the first create, and deletes older alerts with no count', async () => {
    await deleteAlert(db, ALICE, 'a-00');
    expect(await alertCount(db, ALICE)).toBe(0);
    await createAlert(db, ALICE, input);
    expect(await stored()).toEqual({ alerts: 24, count: 1 });
  });

  it('creates the 200th alert, then refuses the 201st with the limit error and writes nothing', async () => {
    await setCount(199);
    await createAlert(db, ALICE, input);
    await expect(createAlert(db, ALICE, input)).rejects.toBeInstanceOf(AlertLimitError);
    await expect(createAlert(db, ALICE, input)).rejects.toThrow(
      'You have reached the limit of 200 alerts. Delete some to add more.',
    );
    expect(await stored()).toEqual({ alerts: 25, count: 200 });
    // Deleting one makes room again.
    await deleteAlert(db, ALICE, 'a-01');
    await createAlert(db, ALICE, input);
    expect(await stored()).toEqual({ alerts: 25, count: 200 });
  });

  it('lets exactly one of five creates made at once take the last place; the others get the limit error', async () => {
    await setCount(199);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => createAlert(db, ALICE, input)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(r.reason).toBeInstanceOf(AlertLimitError);
    expect(await stored()).toEqual({ alerts: 25, count: 200 });
  });
});
