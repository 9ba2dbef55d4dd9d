import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { Profile } from '@price-alerts/domain/store';
import { doc, getDoc, onSnapshot, setDoc, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, ALICE_EMAIL, rulesEnv } from '../../../../tests/rules/rules-env';
import { saveProfile, saveTimeZone, watchProfile } from './profiles';

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

/** The first profile the stream passes on, and whether the document exists. */
const firstProfile = () =>
  new Promise<[Profile, boolean]>((resolve, reject) => {
    const stop = watchProfile(db, ALICE, (profile, exists) => (stop(), resolve([profile, exists])), reject);
  });

/** Writes the stored document as it is, past the rules (which would refuse an invalid one). */
const store = (data: Record<string, unknown>) =>
  env.withSecurityRulesDisabled((ctx) => setDoc(doc(ctx.firestore(), `users/${ALICE}`), data));

/** The stored document as it is, read past the rules. */
const stored = async () => {
  let data: unknown;
  await env.withSecurityRulesDisabled(async (ctx) => {
    data = (await getDoc(doc(ctx.firestore(), `users/${ALICE}`))).data();
  });
  return data;
};

describe('profiles repository', () => {
  it('streams a missing profile as empty, saying it does not exist', async () => {
    expect(await firstProfile()).toEqual([{}, false]);
  });

  it('merges saved fields and streams them', async () => {
    await saveProfile(db, ALICE, { fullName: 'Alice', email: ALICE_EMAIL });
    await saveProfile(db, ALICE, { avatarId: 4, avatarUrl: '/avatars/4.svg', hasSetAvatar: true });
    expect(await firstProfile()).toEqual([
      { fullName: 'Alice', email: ALICE_EMAIL, avatarId: 4, avatarUrl: '/avatars/4.svg', hasSetAvatar: true },
      true,
    ]);
  });

  it('refuses an invalid field before it reaches the server', async () => {
    await expect(saveProfile(db, ALICE, { avatarId: 9 })).rejects.toThrow(/avatarId must be 1 to 6/);
    expect(await firstProfile()).toEqual([{}, false]);
  });

  it('reads an invalid stored field as absent, and never the profile as empty', async () => {
    // An avatar this version does not know: the name is read all the same.
    await store({ fullName: 'Alice', avatarId: 99 });
    const seen: Profile[] = [];
    const raw: unknown[] = [];
    const stopWatch = watchProfile(
      db,
      ALICE,
      (profile) => seen.push(profile),
      () => undefined,
    );
    // A plain listener on the same client sees every snapshot the repository's listener sees.
    const stopRaw = onSnapshot(doc(db, 'users', ALICE), (s) => raw.push(s.get('avatarId')));
    await expect.poll(() => seen).toEqual([{ fullName: 'Alice' }]);
    await store({ fullName: 'Alice', avatarId: 'x' });
    await expect.poll(() => raw).toContain('x');
    await store({ fullName: 'Alice', avatarId: 3 });
    await expect.poll(() => seen.at(-1)).toEqual({ fullName: 'Alice', avatarId: 3 });
    stopWatch();
    stopRaw();
    expect(seen).toEqual([{ fullName: 'Alice' }, { fullName: 'Alice', avatarId: 3 }]);
  });
});

describe('profiles repository: a stored value the rules refuse', () => {
  const sameEnds = { enabled: true, from: '22:00', to: '22:00', timeZone: 'Europe/London', holdEmail: false };

  it('saves what the user typed and the time zone, and leaves the refused values as they are', async () => {
    const refused = { avatarId: 99, quietHours: sameEnds, email: 'old-address@example.test', legacyTheme: 'dark' };
    await store({ fullName: 'Alice', ...refused });
    await saveProfile(db, ALICE, { fullName: 'Alicia' });
    await saveTimeZone(db, ALICE, 'Europe/Paris');
    expect(await stored()).toEqual({ fullName: 'Alicia', timeZone: 'Europe/Paris', ...refused });
  });

  it('replaces a stored quiet-hours map whole, so a key another version left cannot block the save', async () => {
    await store({ fullName: 'Alice', quietHours: { ...sameEnds, digestAt: '08:00' } });
    const quietHours = { ...sameEnds, to: '07:00' };
    await saveProfile(db, ALICE, { quietHours });
    expect(await stored()).toEqual({ fullName: 'Alice', quietHours });
  });
});
