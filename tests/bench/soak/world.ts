// The soak's people and their alerts: accounts as the app makes them (a verified address, a profile,
// a device for push, a webhook for one in four), sentinel alerts whose crossing the soak forces and
// must each fire exactly once, and a churn of creating, editing, pausing, resuming and deleting
// alerts whose last committed state must be what is stored at the end.
import type { AlertType, CurrencyPair } from '@price-alerts/domain/common';
import { pushTokenId } from '@price-alerts/domain/notify';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { saveWebhook } from '../../../functions/src/repositories/webhooks';

export const PASSWORD = 'soak-password-1';
export const LEVEL_TYPES: AlertType[] = ['Price rising above', 'Price dropping below', 'Price reaching'];

export interface Person {
  uid: string;
  email: string;
  webhook: boolean;
}

/** `count` accounts, a batch of writes each, a few at a time. */
export async function seedPeople(db: Firestore, auth: Auth, run: string, count: number, webhookSink: string) {
  const people: Person[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, k) => {
        const n = i + k;
        const email = `soak-${run}-${n}@example.test`;
        const { uid } = await auth.createUser({ email, password: PASSWORD, emailVerified: true });
        const token = `local:soak-${uid}`;
        const writes = db.batch();
        writes.set(db.doc(`users/${uid}`), { fullName: `Soak ${n}`, email, createdAt: FieldValue.serverTimestamp() });
        writes.set(db.doc(`users/${uid}/pushTokens/${await pushTokenId(token)}`), {
          token,
          updatedAt: FieldValue.serverTimestamp(),
        });
        await writes.commit();
        const webhook = n % 4 === 0;
        if (webhook) {
          const settings = { url: `${webhookSink}/hooks/${uid}`, holdInQuietHours: false, since: Date.now() };
          await saveWebhook(db, uid, { ...settings, secretHint: 'soak' }, `whsec_soak_${'s'.repeat(40)}`);
        }
        return { uid, email, webhook };
      }),
    );
    people.push(...batch);
  }
  return people;
}

export interface Sentinel {
  uid: string;
  id: string;
  pair: CurrencyPair;
  type: AlertType;
  level: number;
  webhook: boolean;
}

const alertDoc = (uid: string, pair: CurrencyPair, type: AlertType, level: number, note?: string) => ({
  userId: uid,
  currencyPair: pair,
  alertType: type,
  triggerPrice: level,
  priceSide: 'ask',
  armed: true,
  status: 'active',
  notificationPreferences: { email: true, push: true },
  createdAt: Timestamp.now(),
  ...(note ? { note } : {}),
});

/** One round's sentinels: for each person, one alert of each level type inside the band the round crosses. */
export async function seedSentinels(
  db: Firestore,
  people: readonly Person[],
  pair: CurrencyPair,
  base: number,
  nextId: () => string,
): Promise<Sentinel[]> {
  const offsets: Record<string, number> = {
    'Price rising above': 1.0015,
    'Price dropping below': 0.9985,
    'Price reaching': 1.0008,
  };
  const sentinels = people.flatMap((p) =>
    LEVEL_TYPES.map((type) => ({
      uid: p.uid,
      id: nextId(),
      pair,
      type,
      level: Number((base * (offsets[type] ?? 1)).toPrecision(6)),
      webhook: p.webhook,
    })),
  );
  const batch = db.batch();
  for (const s of sentinels) batch.set(db.doc(`users/${s.uid}/alerts/${s.id}`), alertDoc(s.uid, pair, s.type, s.level));
  await batch.commit();
  return sentinels;
}

/** What the soak last committed to a churned alert. */
export interface Churned {
  uid: string;
  id: string;
  note: string;
  level: number;
  paused: boolean;
  deleted: boolean;
}

type Op = 'create' | 'edit' | 'pause' | 'resume' | 'delete';

/** Churn as a person does it in the app: each change in a transaction that reads the alert first. */
export class Churn {
  readonly alerts = new Map<string, Churned>();
  readonly ops: Record<Op, number> = { create: 0, edit: 0, pause: 0, resume: 0, delete: 0 };
  #edits = 0;

  constructor(
    readonly db: Firestore,
    readonly pairs: readonly CurrencyPair[],
    readonly baseOf: (pair: CurrencyPair) => number,
    readonly nextId: () => string,
  ) {}

  async step(person: Person): Promise<void> {
    const mine = [...this.alerts.values()].filter((a) => a.uid === person.uid && !a.deleted);
    const pick = mine[Math.floor(Math.random() * mine.length)];
    const roll = Math.random();
    if (!pick || (roll < 0.3 && mine.length < 8)) return this.#create(person);
    if (roll < 0.6) return this.#change(pick, 'edit');
    if (roll < 0.75) return this.#change(pick, 'pause');
    if (roll < 0.9) return this.#change(pick, 'resume');
    return this.#change(pick, 'delete');
  }

  async #create(person: Person): Promise<void> {
    const pair = this.pairs[Math.floor(Math.random() * this.pairs.length)] as CurrencyPair;
    const type = LEVEL_TYPES[Math.floor(Math.random() * LEVEL_TYPES.length)] as AlertType;
    const level = this.#level(pair);
    const id = this.nextId();
    const note = `created ${id}`;
    await this.db.doc(`users/${person.uid}/alerts/${id}`).set(alertDoc(person.uid, pair, type, level, note));
    this.alerts.set(id, { uid: person.uid, id, note, level, paused: false, deleted: false });
    this.ops.create += 1;
  }

  /** A level inside or beyond the band the sentinels' rounds cross: some fire, some never do. */
  #level(pair: CurrencyPair): number {
    return Number((this.baseOf(pair) * (1 + (Math.random() - 0.5) * 0.008)).toPrecision(6));
  }

  async #change(alert: Churned, op: Exclude<Op, 'create'>): Promise<void> {
    const ref = this.db.doc(`users/${alert.uid}/alerts/${alert.id}`);
    const committed = await this.db.runTransaction(
      async (tx): Promise<{ note?: string; triggerPrice?: number } | undefined> => {
        const doc = await tx.get(ref);
        const status: unknown = doc.get('status');
        if (!doc.exists) return undefined;
        if (op === 'delete') {
          tx.delete(ref);
          return {};
        }
        const flip = op === 'pause' ? ['active', 'paused'] : op === 'resume' ? ['paused', 'active'] : undefined;
        if (flip) {
          if (status !== flip[0]) return undefined;
          tx.update(ref, { status: flip[1] });
          return {};
        }
        const change = {
          note: `edit ${++this.#edits}`,
          triggerPrice: this.#level(doc.get('currencyPair') as CurrencyPair),
        };
        tx.update(ref, { ...change, updatedAt: FieldValue.serverTimestamp() });
        return change;
      },
    );
    if (!committed) return;
    this.ops[op] += 1;
    if (op === 'delete') alert.deleted = true;
    if (op === 'pause') alert.paused = true;
    if (op === 'resume') alert.paused = false;
    if (op === 'edit' && 'note' in committed)
      Object.assign(alert, { note: committed.note, level: committed.triggerPrice });
  }
}
