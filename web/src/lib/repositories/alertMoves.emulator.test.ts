// Move alerts through the app's real writes and reads, against the Firestore emulator with the real
// rules: created as the form writes them, listed as moves, edited into a level and back, and an
// alert of a type this version does not know listed by its words. The stored latest price that the
// create screen's move so far is built from.
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { isMoveAlert, type ValidAlertInput } from '@price-alerts/domain/alerts';
import type { PriceDocument } from '@price-alerts/domain/store';
import { Timestamp, doc, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, rulesEnv, validAlert } from '../../../../tests/rules/rules-env';
import { createAlert, getAlert, updateAlert, watchAlerts } from './alerts';
import { watchLatestPrice } from './prices';

let env: RulesTestEnvironment;
let db: Firestore;

beforeAll(async () => {
  env = await rulesEnv('repo-alert-moves');
});
beforeEach(async () => {
  await env.clearFirestore();
  db = env.authenticatedContext(ALICE).firestore() as unknown as Firestore;
});
afterAll(async () => {
  await env.cleanup();
});

const common = {
  currencyPair: 'EUR/USD',
  priceSide: 'ask',
  notificationPreferences: { email: true, push: false },
} as const;

describe('move alerts in the alerts repository', () => {
  it.each<[string, ValidAlertInput, string]>([
    ['a rise in 15 min', { ...common, alertType: 'Moving up %', movePercent: 1.5, lookbackMinutes: 15 }, 'up:15'],
    ['a fall in 24 h', { ...common, alertType: 'Moving down %', movePercent: 50, lookbackMinutes: 1440 }, 'down:1440'],
    [
      'a change on the day',
      { ...common, alertType: 'Change on the day', movePercent: 0.01, direction: 'down' },
      'down:day',
    ],
  ])('creates %s through the rules, with the read the evaluator finds it by', async (_label, input, read) => {
    const id = await createAlert(db, ALICE, input);
    const stored = await getAlert(db, ALICE, id);
    expect(stored).toMatchObject({ ...input, moveRead: read, armed: true, status: 'active' });
    expect(stored && isMoveAlert(stored)).toBe(true);
    expect(stored).not.toHaveProperty('triggerPrice');
  });

  it('edits a level into a move and back, leaving none of the other kind’s fields', async () => {
    const level: ValidAlertInput = { ...common, alertType: 'Price rising above', triggerPrice: 1.1 };
    const id = await createAlert(db, ALICE, level);
    await updateAlert(db, ALICE, id, { ...common, alertType: 'Change on the day', movePercent: 2, direction: 'up' });
    const moved = await getAlert(db, ALICE, id);
    expect(moved).toMatchObject({
      alertType: 'Change on the day',
      movePercent: 2,
      direction: 'up',
      moveRead: 'up:day',
    });
    expect(moved).not.toHaveProperty('triggerPrice');

    // What the server leaves on an every-time move alert waiting to re-arm: the edit clears it.
    await env.withSecurityRulesDisabled((ctx) =>
      setDoc(doc(ctx.firestore(), `users/${ALICE}/alerts/${id}`), { armed: false, rearmMoveAt: 1.9 }, { merge: true }),
    );
    await updateAlert(db, ALICE, id, { ...common, alertType: 'Moving down %', movePercent: 1, lookbackMinutes: 5 });
    const fall = await getAlert(db, ALICE, id);
    expect(fall).toMatchObject({ moveRead: 'down:5', lookbackMinutes: 5, armed: true });
    for (const field of ['direction', 'rearmMoveAt', 'triggerPrice']) expect(fall).not.toHaveProperty(field);

    await updateAlert(db, ALICE, id, level);
    const back = await getAlert(db, ALICE, id);
    expect(back).toMatchObject(level);
    for (const field of ['movePercent', 'lookbackMinutes', 'direction', 'moveRead']) {
      expect(back).not.toHaveProperty(field);
    }
  });

  it('refuses a threshold the form refuses, writing nothing', async () => {
    const bad = { ...common, alertType: 'Moving up %', movePercent: 0, lookbackMinutes: 15 } as const;
    await expect(createAlert(db, ALICE, bad)).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('lists a move alert and an alert of a type this version does not know, each by its words', async () => {
    await createAlert(db, ALICE, { ...common, alertType: 'Moving up %', movePercent: 1, lookbackMinutes: 60 });
    await env.withSecurityRulesDisabled((ctx) =>
      setDoc(doc(ctx.firestore(), `users/${ALICE}/alerts/newer`), {
        ...Object.fromEntries(Object.entries(validAlert()).filter(([field]) => field !== 'triggerPrice')),
        alertType: 'Volume spike',
        volume: 3,
        createdAt: Timestamp.now(),
      }),
    );
    const alerts = await new Promise<{ alertType: string }[]>((resolve, reject) => {
      const stop = watchAlerts(
        db,
        ALICE,
        'active',
        (list) => {
          if (list.length < 2) return;
          stop();
          resolve(list);
        },
        reject,
      );
    });
    expect(alerts.map((a) => a.alertType).sort()).toEqual(['Moving up %', 'Volume spike']);
  });
});

describe('the stored latest price', () => {
  it('is read live by a signed-in user, with where it stands for moves', async () => {
    const price: PriceDocument = {
      pair: 'EUR/USD',
      ask: 1.1,
      bid: 1.0999,
      timestamp: 1_800_000_000_000,
      moves: { ask: { '15': { low: 1.09, lowAt: 1, high: 1.1, highAt: 2 } } },
    };
    await env.withSecurityRulesDisabled((ctx) => setDoc(doc(ctx.firestore(), 'prices/EURUSD'), price));
    const read = await new Promise<PriceDocument | undefined>((resolve, reject) => {
      const stop = watchLatestPrice(
        db,
        'EUR/USD',
        (p) => {
          stop();
          resolve(p);
        },
        reject,
      );
    });
    expect(read).toEqual(price);
  });

  it('is refused to a visitor who is not signed in', async () => {
    const anonymous = env.unauthenticatedContext().firestore() as unknown as Firestore;
    const refused = await new Promise<unknown>((resolve) => {
      watchLatestPrice(anonymous, 'EUR/USD', () => resolve('read'), resolve);
    });
    expect(refused).toMatchObject({ code: 'permission-denied' });
  });
});
