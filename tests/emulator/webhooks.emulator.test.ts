// The manageWebhook callable on the Functions emulator, as the Notifications screen calls it: a bad
// URL is refused with its message and stores nothing; the secret is answered once, kept by a change
// of URL, replaced by 'New secret'; a test reaches the local webhook sink; only the caller's own
// webhook is ever touched.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_WEBHOOK_NOT_CONFIRMED, MSG_WEBHOOK_NO_PROFILE } from '@price-alerts/domain/notify';
import { WEBHOOK_SINK_URL } from '../../scripts/lib/stack.mjs';
import { callFunction, createTestUser, type TestUser } from './auth-emulator';

let app: App;
let db: Firestore;
let owner: TestUser;
let other: TestUser;
let newcomer: TestUser;
let tester: TestUser;
let newcomerWithProfile: TestUser;
const SINK = `${WEBHOOK_SINK_URL}/hooks/callable-test`;

beforeAll(async () => {
  app = initializeApp({ projectId: 'demo-price-alerts' }, 'webhooks-test');
  db = getFirestore(app);
  [owner, other, newcomer, tester, newcomerWithProfile] = await Promise.all([
    createTestUser('webhook-owner'),
    createTestUser('webhook-other'),
    createTestUser('webhook-newcomer'),
    createTestUser('webhook-tester'),
    createTestUser('webhook-confirm'),
  ]);
  // As the app makes them on the first sign-in; the newcomer has not opened the app yet.
  await Promise.all(
    [owner, other, tester, newcomerWithProfile].map((u) => db.doc(`users/${u.uid}`).set({ fullName: 'Hook Tester' })),
  );
});
afterAll(async () => {
  const users = [owner, other, newcomer, tester, newcomerWithProfile];
  await Promise.all(users.map((u) => db.doc(`webhookSecrets/${u.uid}`).delete()));
  await Promise.all(users.map((u) => db.doc(`webhookTests/${u.uid}`).delete()));
  await Promise.all(users.map((u) => db.recursiveDelete(db.doc(`users/${u.uid}`))));
  await deleteApp(app);
});

const call = (data: unknown, user: TestUser | undefined = owner) => callFunction('manageWebhook', data, user?.idToken);
const stored = async (uid: string) => ({
  webhook: (await db.doc(`users/${uid}`).get()).get('webhook') as unknown,
  secret: (await db.doc(`webhookSecrets/${uid}`).get()).get('secret') as unknown,
});

describe('manageWebhook', () => {
  it.each([
    ['no scheme', 'example.com/hooks', 'Enter the full address of your receiver'],
    ['ftp', 'ftp://example.com/hooks', 'The address must start with https://.'],
    ['credentials', 'https://bot:pw@example.com/hooks', 'Leave the user name and password out'],
    ['a javascript: link', 'javascript:alert(1)', 'The address must start with https://.'],
    ['a mail server’s port', 'https://example.com:25/hooks', 'Use the https port (443, or none in the address)'],
    // The emulators judge addresses as production does: only the local sink's own origin is let through.
    ['a LAN address', 'https://10.0.0.7/hook', '10.0.0.7 is a private address'],
    ['the metadata server', 'https://169.254.169.254/', '169.254.169.254 is a link-local address'],
    ['this machine over https', 'https://127.0.0.1:8096/hooks', '127.0.0.1 is a loopback address'],
    ['another local port', 'http://127.0.0.1:8097/hooks', 'The address must start with https://.'],
    ['the sink by another name', 'http://localhost:8096/hooks', 'The address must start with https://.'],
  ])('refuses %s with a message and stores nothing', async (_name, url, message) => {
    const res = await call({ op: 'save', url, holdInQuietHours: false });
    expect(res.body.error?.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error?.message).toContain(message);
    expect(await stored(owner.uid)).toEqual({ webhook: undefined, secret: undefined });
  });

  it('asks a user whose profile the app has not made yet to open it first, and writes and posts nothing', async () => {
    const path = '/hooks/no-profile';
    const res = await call({ op: 'save', url: `${WEBHOOK_SINK_URL}${path}`, holdInQuietHours: false }, newcomer);
    expect(res.body.error).toEqual({ status: 'FAILED_PRECONDITION', message: MSG_WEBHOOK_NO_PROFILE });
    // Refused before its verification request: nothing was posted to the address.
    const hooks = (await (await fetch(`${WEBHOOK_SINK_URL}/api/hooks`)).json()) as { path: string }[];
    expect(hooks.filter((h) => h.path === path)).toEqual([]);
    expect((await db.doc(`users/${newcomer.uid}`).get()).exists).toBe(false);
    expect((await call({ op: 'remove' }, newcomer)).body.result).toEqual({ op: 'remove' });
    expect((await db.doc(`users/${newcomer.uid}`).get()).exists).toBe(false);
  });

  it('refuses the signed-out and a malformed request', async () => {
    expect((await callFunction('manageWebhook', { op: 'test' })).body.error?.status).toBe('UNAUTHENTICATED');
    // A token that is not one (the emulator decodes it unchecked, to no uid) is no sign-in either.
    expect((await callFunction('manageWebhook', { op: 'test' }, 'x')).body.error?.status).toBe('UNAUTHENTICATED');
    const odd = await call({ op: 'save', url: SINK, holdInQuietHours: false, uid: other.uid });
    expect(odd.body.error?.status).toBe('INVALID_ARGUMENT');
    expect(await stored(other.uid)).toEqual({ webhook: undefined, secret: undefined });
  });

  it('answers the secret once, keeps it on a change, replaces it on rotate, and removes it', async () => {
    const first = await call({ op: 'save', url: SINK, holdInQuietHours: false });
    const { secret, webhook } = first.body.result as { secret: string; webhook: { secretHint: string } };
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(webhook.secretHint).toBe(secret.slice(-4));
    expect(await stored(owner.uid)).toMatchObject({ secret, webhook: { url: SINK, holdInQuietHours: false } });

    const changed = await call({ op: 'save', url: `${SINK}/2`, holdInQuietHours: true });
    expect(changed.body.result).not.toHaveProperty('secret');
    expect(await stored(owner.uid)).toMatchObject({ secret, webhook: { url: `${SINK}/2`, holdInQuietHours: true } });

    const rotated = (await call({ op: 'rotate' })).body.result as { secret: string };
    expect(rotated.secret).not.toBe(secret);
    expect((await stored(owner.uid)).secret).toBe(rotated.secret);

    await fetch(`${WEBHOOK_SINK_URL}/api/hooks`, { method: 'DELETE' });
    const test = (await call({ op: 'test' })).body.result as { status: number; text: string };
    expect(test).toEqual({ op: 'test', status: 200, text: '{"ok":true}' });
    const hooks = (await (await fetch(`${WEBHOOK_SINK_URL}/api/hooks`)).json()) as {
      event: string;
      signature: string;
    }[];
    expect(hooks).toEqual([
      expect.objectContaining({ event: 'webhook.test', signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/) }),
    ]);

    // A second test at once is refused: tests are spaced, so none can become a stream of requests.
    const again = await call({ op: 'test' });
    expect(again.body.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: 'Wait a few seconds between tests.' });

    expect((await call({ op: 'remove' })).body.result).toEqual({ op: 'remove' });
    expect(await stored(owner.uid)).toEqual({ webhook: undefined, secret: undefined });
    expect((await call({ op: 'test' })).body.error?.message).toBe('Add a webhook first.');
  });

  it('spaces tests across instances: one sent a moment ago by another holds this one, past a new secret or a removal', async () => {
    expect((await call({ op: 'save', url: SINK, holdInQuietHours: false }, tester)).body.result).toBeDefined();
    const testDoc = db.doc(`webhookTests/${tester.uid}`);
    const spaced = { status: 'RESOURCE_EXHAUSTED', message: 'Wait a few seconds between tests.' };
    // What another instance of the function leaves when it sends a test (ahead, for a loaded machine's slack).
    await testDoc.set({ testedAt: Date.now() + 3_000 });
    expect((await call({ op: 'test' }, tester)).body.error).toEqual(spaced);

    const longAgo = Date.now() - 6_000;
    await testDoc.set({ testedAt: longAgo });
    expect((await call({ op: 'test' }, tester)).body.result).toMatchObject({ op: 'test', status: 200 });
    const testedAt = (await testDoc.get()).get('testedAt') as number;
    expect(testedAt).toBeGreaterThan(longAgo);
    // Neither a new secret nor removing and adding the webhook again clears when the last test was.
    expect((await call({ op: 'rotate' }, tester)).body.result).toMatchObject({ op: 'rotate' });
    expect((await call({ op: 'remove' }, tester)).body.result).toEqual({ op: 'remove' });
    expect((await call({ op: 'save', url: SINK, holdInQuietHours: false }, tester)).body.result).toBeDefined();
    expect((await testDoc.get()).get('testedAt')).toBe(testedAt);
  });

  it('keeps a webhook only once its receiver confirms it, and asks again only when the address changes', async () => {
    const refused = await call(
      { op: 'save', url: `${WEBHOOK_SINK_URL}/unconfirmed/hooks`, holdInQuietHours: false },
      newcomerWithProfile,
    );
    expect(refused.body.error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: MSG_WEBHOOK_NOT_CONFIRMED('its answer had no challenge'),
    });
    expect(await stored(newcomerWithProfile.uid)).toEqual({ webhook: undefined, secret: undefined });

    await fetch(`${WEBHOOK_SINK_URL}/api/hooks`, { method: 'DELETE' });
    const url = `${WEBHOOK_SINK_URL}/hooks/confirmed`;
    expect((await call({ op: 'save', url, holdInQuietHours: false }, newcomerWithProfile)).body.result).toBeDefined();
    // Only the quiet-hours choice changes: nothing is posted again.
    expect((await call({ op: 'save', url, holdInQuietHours: true }, newcomerWithProfile)).body.result).toBeDefined();
    const hooks = (await (await fetch(`${WEBHOOK_SINK_URL}/api/hooks`)).json()) as { path: string; event: string }[];
    expect(hooks.map((h) => [h.path, h.event])).toEqual([['/hooks/confirmed', 'webhook.verify']]);
  });

  it("shows the receiver's answer when it refuses", async () => {
    await call({ op: 'save', url: `${WEBHOOK_SINK_URL}/status/418/teapot`, holdInQuietHours: false }, other);
    const test = (await call({ op: 'test' }, other)).body.result as { status: number; text: string };
    expect(test).toMatchObject({ status: 418, text: expect.stringContaining('Answered 418') });
    await call({ op: 'remove' }, other);
  });
});
