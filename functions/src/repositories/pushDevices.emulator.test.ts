import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { listTokensOf, saveToken } from './pushTokens';

let app: App;
let db: Firestore;

beforeAll(async () => {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Run through npm test: the emulators are not up.');
  await clearFirestoreProject('demo-push-devices');
  app = initializeApp({ projectId: 'demo-push-devices' }, 'push-devices');
  db = getFirestore(app);
});
afterAll(async () => {
  await deleteApp(app);
});

const token = (name: string) => `fcm-device-token-${name}`;

describe("the sender's copy of a user's devices", () => {
  it('skips a device whose token was deleted (sign-out, opt-out) at once, though the copy still names it', async () => {
    const uid = 'signs-out';
    const phone = await saveToken(db, uid, token('phone'));
    await saveToken(db, uid, token('tablet'));
    await db.doc(`users/${uid}/pushTokens/${phone.id}`).delete();
    expect((await db.doc(`pushDevices/${uid}`).get()).get('tokenIds')).toContain(phone.id);
    expect((await listTokensOf(db, [uid])).get(uid)?.map((t) => t.token)).toEqual([token('tablet')]);
  });

  it('reads many users at once, and writes the copy of those registered before it existed or with a broken one', async () => {
    await saveToken(db, 'copied', token('copied'));
    const before = db.doc('users/registered-before/pushTokens/old');
    await before.set({ token: token('registered-before'), updatedAt: Timestamp.now() });
    await db.doc('users/broken/pushTokens/b').set({ token: token('broken'), updatedAt: Timestamp.now() });
    await db.doc('pushDevices/broken').set({ tokenIds: 'not a list' });
    const found = await listTokensOf(db, ['copied', 'registered-before', 'broken', 'nobody']);
    expect(Object.fromEntries([...found].map(([uid, ts]) => [uid, ts.map((t) => t.token)]))).toEqual({
      copied: [token('copied')],
      'registered-before': [token('registered-before')],
      broken: [token('broken')],
      nobody: [],
    });
    expect((await db.doc('pushDevices/registered-before').get()).get('tokenIds')).toEqual(['old']);
  });
});
