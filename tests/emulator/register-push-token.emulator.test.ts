import { pushTokenId } from '@price-alerts/domain/notify';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, createTestUser, type TestUser } from './auth-emulator';

let app: App;
let alice: TestUser;
let bob: TestUser;
const TOKEN = 'fcm-device-token-0123456789';

beforeAll(async () => {
  app = initializeApp({ projectId: 'demo-price-alerts' }, 'register-token-test');
  [alice, bob] = await Promise.all([createTestUser('alice'), createTestUser('bob')]);
});
afterAll(async () => {
  await deleteApp(app);
});

const tokenDoc = async (uid: string, token = TOKEN) =>
  getFirestore(app)
    .doc(`users/${uid}/pushTokens/${await pushTokenId(token)}`)
    .get();

describe('registerPushToken', () => {
  it('stores the token for the caller and replies with success', async () => {
    const res = await callFunction('registerPushToken', { token: TOKEN, userAgent: 'Chromium test' }, alice.idToken);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ success: true, tokenId: await pushTokenId(TOKEN) });
    const stored = await tokenDoc(alice.uid);
    expect(stored.data()).toMatchObject({ token: TOKEN, userAgent: 'Chromium test' });
  });

  it('refuses a caller who is not signed in, with the spec message', async () => {
    const res = await callFunction('registerPushToken', { token: TOKEN });
    expect(res.body.error).toMatchObject({
      status: 'UNAUTHENTICATED',
      message: 'User not logged in. Cannot register FCM token.',
    });
  });

  it('never stores a token for another user named in the request', async () => {
    const res = await callFunction(
      'registerPushToken',
      { token: 'another-device-token-42', userId: bob.uid },
      alice.idToken,
    );
    expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    expect((await tokenDoc(bob.uid, 'another-device-token-42')).exists).toBe(false);
    expect((await tokenDoc(alice.uid, 'another-device-token-42')).exists).toBe(false);
  });

  it('refuses a malformed token with a clear message and stores nothing', async () => {
    const res = await callFunction('registerPushToken', { token: 'short' }, bob.idToken);
    expect(res.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Invalid token registration: token: must be at least 10 characters',
    });
    expect((await getFirestore(app).collection(`users/${bob.uid}/pushTokens`).get()).size).toBe(0);
  });

  it('names the missing field when the request has no token', async () => {
    const res = await callFunction('registerPushToken', { userAgent: 'Chromium test' }, bob.idToken);
    expect(res.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Invalid token registration: token: Invalid input: expected string, received undefined',
    });
    expect((await getFirestore(app).collection(`users/${bob.uid}/pushTokens`).get()).size).toBe(0);
  });
});

describe('registerPushToken: at most 10 devices per account', () => {
  it('keeps the newest 10 of 12 registrations and deletes the oldest two', async () => {
    const carol = await createTestUser('carol');
    const tokens = Array.from({ length: 12 }, (_, i) => `fcm-device-token-carol-${String(i).padStart(2, '0')}`);
    for (const token of tokens) {
      const res = await callFunction('registerPushToken', { token }, carol.idToken);
      expect(res.status).toBe(200);
    }
    const stored = await getFirestore(app).collection(`users/${carol.uid}/pushTokens`).get();
    expect(stored.docs.map((d) => d.get('token')).sort()).toEqual(tokens.slice(2));
    expect((await tokenDoc(carol.uid, tokens[0])).exists).toBe(false);
    expect((await tokenDoc(carol.uid, tokens[1])).exists).toBe(false);

    // Re-registering a kept device refreshes it and drops nobody; a new one then drops the oldest.
    await callFunction('registerPushToken', { token: tokens[2] }, carol.idToken);
    expect((await getFirestore(app).collection(`users/${carol.uid}/pushTokens`).get()).size).toBe(10);
    await callFunction('registerPushToken', { token: 'fcm-device-token-carol-new' }, carol.idToken);
    const after = (await getFirestore(app).collection(`users/${carol.uid}/pushTokens`).get()).docs.map((d) =>
      d.get('token'),
    );
    expect(after).toHaveLength(10);
    expect(after).toContain(tokens[2]);
    expect(after).not.toContain(tokens[3]);
  });
});
