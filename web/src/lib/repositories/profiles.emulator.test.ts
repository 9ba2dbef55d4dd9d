import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, ALICE_EMAIL, rulesEnv } from '../../../../tests/rules/rules-env';
import { getProfile, saveProfile, watchProfile } from './profiles';

let env: RulesTestEnvironment;
let db: Firestore;

beforeAll(async () => {
  env = await rulesEnv('repo-profiles');
});
beforeEach(async () => {
  await env.clearFirestore();
  db = env.authenticatedContext(ALICE, { email: ALICE_EMAIL }).firestore() as unknown as Firestore;
});
afterAll(async () => {
  await env.cleanup();
});

describe('profiles repository', () => {
  it('reads a missing profile as empty', async () => {
    expect(await getProfile(db, ALICE)).toEqual({});
  });

  it('merges saved fields and streams them', async () => {
    await saveProfile(db, ALICE, { fullName: 'Alice', email: ALICE_EMAIL });
    await saveProfile(db, ALICE, { avatarId: 4, avatarUrl: '/avatars/4.svg', hasSetAvatar: true });
    const streamed = await new Promise((resolve, reject) => {
      const stop = watchProfile(db, ALICE, (p) => (stop(), resolve(p)), reject);
    });
    expect(streamed).toEqual({
      fullName: 'Alice',
      email: ALICE_EMAIL,
      avatarId: 4,
      avatarUrl: '/avatars/4.svg',
      hasSetAvatar: true,
    });
  });

  it('refuses an invalid field before it reaches the server', async () => {
    await expect(saveProfile(db, ALICE, { avatarId: 9 })).rejects.toThrow(/avatarId must be 1 to 6/);
    expect(await getProfile(db, ALICE)).toEqual({});
  });

  it('reads an invalid stored profile as empty rather than crashing', async () => {
    await env.withSecurityRulesDisabled((ctx) => setDoc(doc(ctx.firestore(), `users/${ALICE}`), { avatarId: 'x' }));
    expect(await getProfile(db, ALICE)).toEqual({});
  });
});
