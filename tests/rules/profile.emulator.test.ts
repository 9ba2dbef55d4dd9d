import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, deleteField, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { ALICE, ALICE_EMAIL, BOB, rulesEnv } from './rules-env';

let env: RulesTestEnvironment;
const PROFILE = { fullName: 'Alice Liddell', email: ALICE_EMAIL, hasSetAvatar: false, pwaPromptDismissed: false };
const QUIET = { enabled: true, from: '22:00', to: '07:00', timeZone: 'Europe/London', holdEmail: false };

beforeAll(async () => {
  env = await rulesEnv('profile');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled((ctx) => setDoc(doc(ctx.firestore(), `users/${ALICE}`), PROFILE));
});
afterAll(async () => {
  await env.cleanup();
});

const emails: Record<string, string> = { [ALICE]: ALICE_EMAIL, [BOB]: 'bob@example.test' };
const dbFor = (uid: string | null) =>
  (uid ? env.authenticatedContext(uid, { email: emails[uid] }) : env.unauthenticatedContext()).firestore();
const profileOf = (uid: string | null, owner = ALICE) => doc(dbFor(uid), `users/${owner}`);

describe('profile read', () => {
  it('lets the owner read it', async () => {
    await assertSucceeds(getDoc(profileOf(ALICE)));
  });
  it.each([
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s', async (_label, uid) => {
    await assertFails(getDoc(profileOf(uid)));
  });
});

describe('profile create and update', () => {
  it('lets a new user create their own profile', async () => {
    await assertSucceeds(setDoc(profileOf(BOB, BOB), { fullName: 'Bob', email: 'bob@example.test' }));
  });
  it('lets the owner choose an avatar and turn push off', async () => {
    await assertSucceeds(
      updateDoc(profileOf(ALICE), {
        avatarId: 3,
        avatarUrl: '/avatars/3.svg',
        hasSetAvatar: true,
        notificationsEnabled: false,
        pwaPromptDismissed: true,
      }),
    );
  });
  it.each<[string, Record<string, unknown>]>([
    ['avatarId 0', { avatarId: 0 }],
    ['avatarId 7', { avatarId: 7 }],
    ['a fractional avatarId', { avatarId: 2.5 }],
    ['a string avatarId', { avatarId: '3' }],
    ['an outside avatar URL', { avatarUrl: 'https://tracker.example/pixel.png' }],
    ['a full name over 80 characters', { fullName: 'x'.repeat(81) }],
    ['a numeric full name', { fullName: 7 }],
    ['someone else’s email', { email: 'bob@example.test' }],
    ['a non-boolean hasSetAvatar', { hasSetAvatar: 'yes' }],
    ['a non-boolean pwaPromptDismissed', { pwaPromptDismissed: 1 }],
    ['a non-boolean notificationsEnabled', { notificationsEnabled: 'false' }],
    ['an unknown field', { role: 'admin' }],
  ])('denies the owner setting %s', async (_label, patch) => {
    await assertFails(updateDoc(profileOf(ALICE), patch));
  });
  it.each([
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s writing it', async (_label, uid) => {
    await assertFails(updateDoc(profileOf(uid), { fullName: 'Mallory' }));
    await assertFails(setDoc(profileOf(uid), { fullName: 'Mallory' }));
  });
});

describe('profile create: every field it holds is judged', () => {
  it.each<[string, Record<string, unknown>]>([
    ['an unknown field', { fullName: 'Bob', role: 'admin' }],
    ['someone else’s email', { email: ALICE_EMAIL }],
    ['avatarId 7', { avatarId: 7 }],
    ['quiet hours with equal ends', { quietHours: { ...QUIET, to: '22:00' } }],
  ])('denies a new user creating one with %s', async (_label, profile) => {
    await assertFails(setDoc(profileOf(BOB, BOB), profile));
  });
});

describe('profile update: a stored value the rules refuse', () => {
  // Written past the rules (an admin, an older version): it must not block the owner's other saves.
  beforeEach(async () => {
    await env.withSecurityRulesDisabled((ctx) =>
      setDoc(doc(ctx.firestore(), `users/${ALICE}`), {
        ...PROFILE,
        email: 'old-address@example.test',
        avatarId: 99,
        quietHours: { ...QUIET, to: '22:00' },
        legacyTheme: 'dark',
      }),
    );
  });
  it('lets the owner save another field', async () => {
    await assertSucceeds(updateDoc(profileOf(ALICE), { fullName: 'Alice' }));
    await assertSucceeds(setDoc(profileOf(ALICE), { timeZone: 'Europe/Paris' }, { merge: true }));
  });
  it('lets the owner replace or remove the refused value, a field the rules do not name included', async () => {
    await assertSucceeds(updateDoc(profileOf(ALICE), { quietHours: QUIET }));
    await assertSucceeds(updateDoc(profileOf(ALICE), { avatarId: deleteField() }));
    await assertSucceeds(updateDoc(profileOf(ALICE), { legacyTheme: deleteField() }));
  });
  it.each<[string, Record<string, unknown>]>([
    ['a refused value again', { avatarId: 7 }],
    ['refused quiet hours', { quietHours: { ...QUIET, from: '25:00' } }],
    ['an unknown field', { role: 'admin' }],
    ['a new value in a field the rules do not name', { legacyTheme: 'light' }],
    ['an unknown field while removing another', { legacyTheme: deleteField(), role: 'admin' }],
    ['someone else’s email', { email: 'bob@example.test' }],
  ])('still denies the owner writing %s', async (_label, patch) => {
    await assertFails(updateDoc(profileOf(ALICE), patch));
  });
  it('denies another user saving a field', async () => {
    await assertFails(updateDoc(profileOf(BOB), { fullName: 'Mallory' }));
  });
});

describe('quiet hours', () => {
  it.each<[string, Record<string, unknown>]>([
    ['on, 22:00 to 07:00 in London', QUIET],
    ['off, with email held too', { ...QUIET, enabled: false, holdEmail: true }],
    ['a daytime window in a zone with a sign', { ...QUIET, from: '13:00', to: '14:30', timeZone: 'Etc/GMT+5' }],
    ['UTC', { ...QUIET, timeZone: 'UTC' }],
    ['a three-part zone', { ...QUIET, timeZone: 'America/Argentina/Buenos_Aires' }],
  ])('lets the owner set %s', async (_label, quietHours) => {
    await assertSucceeds(updateDoc(profileOf(ALICE), { quietHours }));
  });
  it.each<[string, unknown]>([
    ['equal ends', { ...QUIET, to: '22:00' }],
    ['24:00', { ...QUIET, from: '24:00' }],
    ['a time without its zero', { ...QUIET, to: '7:00' }],
    ['seconds', { ...QUIET, to: '07:00:00' }],
    ['a missing field', { enabled: true, from: '22:00', to: '07:00', timeZone: 'UTC' }],
    ['an unknown field', { ...QUIET, digestAt: '08:00' }],
    ['a non-boolean switch', { ...QUIET, enabled: 'yes' }],
    ['a non-boolean email choice', { ...QUIET, holdEmail: 1 }],
    ['a zone with spaces', { ...QUIET, timeZone: 'Europe/ London' }],
    ['a zone over 64 characters', { ...QUIET, timeZone: `Europe/${'x'.repeat(60)}` }],
    ['a zone that is a number', { ...QUIET, timeZone: 1 }],
    ['not a map', 'on'],
  ])('denies %s', async (_label, quietHours) => {
    await assertFails(updateDoc(profileOf(ALICE), { quietHours }));
  });
  it('denies another user setting them', async () => {
    await assertFails(updateDoc(profileOf(BOB), { quietHours: QUIET }));
  });
});

describe('time zone', () => {
  it.each([
    ['a two-part zone', 'Asia/Tokyo'],
    ['a three-part zone', 'America/Argentina/Buenos_Aires'],
    ['UTC', 'UTC'],
    ['a zone with a sign', 'Etc/GMT-9'],
  ])('lets the owner store %s', async (_label, timeZone) => {
    await assertSucceeds(updateDoc(profileOf(ALICE), { timeZone }));
  });
  it('lets a new user create their profile with it', async () => {
    await assertSucceeds(setDoc(profileOf(BOB, BOB), { email: 'bob@example.test', timeZone: 'Europe/Berlin' }));
  });
  it.each<[string, unknown]>([
    ['an empty zone', ''],
    ['a zone with spaces', 'Europe/ Berlin'],
    ['a zone over 64 characters', `Europe/${'x'.repeat(60)}`],
    ['a zone that is a number', 9],
    ['a zone that is a map', { name: 'Asia/Tokyo' }],
    ['markup', '<b>Tokyo</b>'],
  ])('denies %s', async (_label, timeZone) => {
    await assertFails(updateDoc(profileOf(ALICE), { timeZone }));
  });
  it.each([
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s setting it', async (_label, uid) => {
    await assertFails(updateDoc(profileOf(uid), { timeZone: 'Asia/Tokyo' }));
  });
});

describe('profile delete', () => {
  it('lets the owner delete it', async () => {
    await assertSucceeds(deleteDoc(profileOf(ALICE)));
  });
  it('denies another user', async () => {
    await assertFails(deleteDoc(profileOf(BOB)));
  });
});

describe('webhook: set by the manageWebhook function only', () => {
  const WEBHOOK = { url: 'https://example.com/hooks', holdInQuietHours: false, since: 1, secretHint: 'abcd' };
  beforeEach(async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await setDoc(doc(ctx.firestore(), `users/${ALICE}`), { ...PROFILE, webhook: WEBHOOK });
      await setDoc(doc(ctx.firestore(), `webhookSecrets/${ALICE}`), { secret: 'x'.repeat(40), createdAt: 1 });
    });
  });
  it('lets the owner read it with the profile', async () => {
    await assertSucceeds(getDoc(profileOf(ALICE)));
  });
  it('denies the owner pointing it elsewhere (a URL the function did not check)', async () => {
    await assertFails(updateDoc(profileOf(ALICE), { 'webhook.url': 'http://169.254.169.254/' }));
  });
  it('denies a new profile created with one', async () => {
    await assertFails(setDoc(profileOf(BOB, BOB), { fullName: 'Bob', webhook: WEBHOOK }));
  });
  it('lets the owner remove it, as any field (sending stops; the function makes a new secret next time)', async () => {
    await assertSucceeds(updateDoc(profileOf(ALICE), { webhook: deleteField() }));
  });
  it.each([
    ['the owner', ALICE],
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s reading or writing the secret', async (_label, uid) => {
    const secret = doc(dbFor(uid), `webhookSecrets/${ALICE}`);
    await assertFails(getDoc(secret));
    await assertFails(setDoc(secret, { secret: 'y'.repeat(40), createdAt: 2 }));
  });
  it.each([
    ['the owner', ALICE],
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s reading the last test time or clearing it (to test again at once)', async (_label, uid) => {
    await env.withSecurityRulesDisabled((ctx) =>
      setDoc(doc(ctx.firestore(), `webhookTests/${ALICE}`), { testedAt: 1 }),
    );
    const tested = doc(dbFor(uid), `webhookTests/${ALICE}`);
    await assertFails(getDoc(tested));
    await assertFails(setDoc(tested, { testedAt: 0 }));
    await assertFails(deleteDoc(tested));
  });
  it.each([
    ['the owner', ALICE],
    ['another user', BOB],
    ['a signed-out visitor', null],
  ])('denies %s reading the webhook budget or resetting it (to send more a minute)', async (_label, uid) => {
    await env.withSecurityRulesDisabled((ctx) => setDoc(doc(ctx.firestore(), `webhookBudgets/${ALICE}`), { tat: 1 }));
    const budget = doc(dbFor(uid), `webhookBudgets/${ALICE}`);
    await assertFails(getDoc(budget));
    await assertFails(setDoc(budget, { tat: 0 }));
    await assertFails(deleteDoc(budget));
  });
});
