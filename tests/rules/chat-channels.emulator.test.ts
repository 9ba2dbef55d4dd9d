import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, deleteField, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { ALICE, ALICE_EMAIL, BOB, rulesEnv } from './rules-env';

let env: RulesTestEnvironment;
const PROFILE = { fullName: 'Alice Liddell', email: ALICE_EMAIL };
const TELEGRAM = { state: 'linked', chatId: 1_000_001, chatName: 'Alice', linkedAt: 1 };
const DISCORD = { state: 'linked', webhookId: '112233445566778899', since: 1 };
/** The server's own documents of the two channels, one of each, Alice's. */
const SERVER_DOCS: [string, Record<string, unknown>][] = [
  ['telegramCodes/5f2b', { userId: ALICE, expiresAt: 2 }],
  ['telegramChats/1000001', { userId: ALICE, linkedAt: 1 }],
  [
    'telegramButtons/AAAAAAAAAAAAAAAAAAAAAA',
    { userId: ALICE, chatId: 1_000_001, deliveryId: 'd1', tokens: ['t'], labels: ['Pause'], text: 'x', expiresAt: 2 },
  ],
  [`discordWebhooks/${ALICE}`, { url: 'https://discord.com/api/webhooks/112233445566778899/token', since: 1 }],
  // Cleared, a test could go at once: the spacing is the server's.
  [`discordTests/${ALICE}`, { testedAt: 1 }],
];

beforeAll(async () => {
  env = await rulesEnv('chat-channels');
});
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    await setDoc(doc(ctx.firestore(), `users/${ALICE}`), { ...PROFILE, telegram: TELEGRAM, discord: DISCORD });
    for (const [path, data] of SERVER_DOCS) await setDoc(doc(ctx.firestore(), path), data);
  });
});
afterAll(async () => {
  await env.cleanup();
});

const dbFor = (uid: string) =>
  env.authenticatedContext(uid, { email: uid === ALICE ? ALICE_EMAIL : 'bob@example.test' }).firestore();

describe('link codes, linked chats, message buttons, Discord webhook URLs and test times', () => {
  it.each(SERVER_DOCS.flatMap(([path, data]) => [ALICE, BOB].map((uid) => [path, uid, data] as const)))(
    'denies %s to %s, to read, write or delete',
    async (path, uid, data) => {
      const ref = doc(dbFor(uid), path);
      await assertFails(getDoc(ref));
      await assertFails(setDoc(ref, { ...data, userId: uid }));
      await assertFails(deleteDoc(ref));
    },
  );
});

describe.each([
  ['telegram', TELEGRAM, { ...TELEGRAM, chatId: 666 }],
  ['discord', DISCORD, { ...DISCORD, webhookId: '998877665544332211' }],
])('the profile’s %s: written by the functions only', (field, stored, forged) => {
  const profile = (uid: string, owner = ALICE) => doc(dbFor(uid), `users/${owner}`);

  it('lets the owner read it with the profile', async () => {
    await assertSucceeds(getDoc(profile(ALICE)));
  });
  it('denies the owner changing it, or setting it on a new profile', async () => {
    await assertFails(updateDoc(profile(ALICE), { [field]: forged }));
    await assertFails(updateDoc(profile(ALICE), { [`${field}.state`]: 'lost' }));
    await assertFails(setDoc(profile(BOB, BOB), { fullName: 'Bob', email: 'bob@example.test', [field]: stored }));
  });
  it('lets the owner remove it, as any field (sending there stops)', async () => {
    await assertSucceeds(updateDoc(profile(ALICE), { [field]: deleteField() }));
  });
  it('denies another user reading the profile it is in', async () => {
    await assertFails(getDoc(profile(BOB)));
  });
});
