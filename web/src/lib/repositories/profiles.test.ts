// How the profile stream treats a missing, an invalid and a valid document, with Firestore faked at
// the SDK boundary (the emulator test, profiles.emulator.test.ts, runs the same through the rules).
import type { Profile } from '@price-alerts/domain/store';
import { setDoc, type Firestore } from 'firebase/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveProfile, watchProfile } from './profiles';

type Listener = (snapshot: unknown) => void;
const listeners: Listener[] = [];

vi.mock('firebase/firestore', () => ({
  doc: (_db: unknown, ...segments: string[]) => ({ path: segments.join('/') }),
  onSnapshot: (_ref: unknown, options: { includeMetadataChanges?: boolean }, next: Listener) => {
    // Without metadata changes the SDK never raises a change of fromCache alone (see watchProfile).
    if (options.includeMetadataChanges !== true) throw new Error('watchProfile must listen to metadata changes');
    listeners.push(next);
    return () => undefined;
  },
  setDoc: vi.fn(),
}));

const snapshot = (data: Record<string, unknown> | undefined, fromCache = false) => ({
  id: 'u1',
  ref: { path: 'users/u1' },
  metadata: { fromCache },
  exists: () => data !== undefined,
  data: () => data,
});

function watch() {
  const seen: [Profile, boolean][] = [];
  watchProfile({} as Firestore, 'u1', (profile, exists) => seen.push([profile, exists]), vi.fn());
  const emit = (data: Record<string, unknown> | undefined, fromCache = false) =>
    listeners.at(-1)?.(snapshot(data, fromCache));
  return { seen, emit };
}

afterEach(() => {
  listeners.length = 0;
  vi.restoreAllMocks();
});

describe('watchProfile', () => {
  it('passes a missing profile on as empty, saying it does not exist', () => {
    const { seen, emit } = watch();
    emit(undefined);
    expect(seen).toEqual([[{}, false]]);
  });

  it('says nothing of a profile the cache has never seen, until the server answers', () => {
    const { seen, emit } = watch();
    emit(undefined, true);
    expect(seen).toEqual([]);
    emit({ fullName: 'Ada', hasSetAvatar: true }, true);
    emit(undefined);
    expect(seen).toEqual([
      [{ fullName: 'Ada', hasSetAvatar: true }, true],
      [{}, false],
    ]);
  });

  it('answers a reload whose cache already knows the profile as missing, once the server agrees', () => {
    const { seen, emit } = watch();
    emit(undefined, true);
    // The same "missing", now from the server: a change of metadata only.
    emit(undefined);
    emit(undefined);
    expect(seen).toEqual([[{}, false]]);
  });

  it('passes unchanged data on once, as its pending write is confirmed', () => {
    const { seen, emit } = watch();
    emit({ fullName: 'Ada' }, true);
    emit({ fullName: 'Ada' });
    emit({ fullName: 'Ada', hasSetAvatar: true });
    expect(seen).toEqual([
      [{ fullName: 'Ada' }, true],
      [{ fullName: 'Ada', hasSetAvatar: true }, true],
    ]);
  });

  it('reads a field that fails its schema as absent, reporting it, and passes the rest on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { seen, emit } = watch();
    // An avatar this version does not know, on the first snapshot: the name still shows.
    emit({ fullName: 'Ada', avatarId: 99, hasSetAvatar: true });
    emit({ fullName: 'Ada', avatarId: 2, hasSetAvatar: true });
    emit({ fullName: 'x'.repeat(81), avatarId: 'two', hasSetAvatar: true });
    emit({ fullName: 'Ada', avatarId: 3, hasSetAvatar: 'yes' });
    expect(seen).toEqual([
      [{ fullName: 'Ada', hasSetAvatar: true }, true],
      [{ fullName: 'Ada', avatarId: 2, hasSetAvatar: true }, true],
      [{ hasSetAvatar: true }, true],
      [{ fullName: 'Ada', avatarId: 3 }, true],
    ]);
    expect(warn.mock.calls.map(([message]) => String(message).split(':')[0])).toEqual([
      'Skipped invalid field users/u1#avatarId',
      'Skipped invalid field users/u1#fullName',
      'Skipped invalid field users/u1#avatarId',
      'Skipped invalid field users/u1#hasSetAvatar',
    ]);
  });
});

describe('saveProfile', () => {
  it('writes each field whole, and leaves out a setting the schema reads as absent', async () => {
    const quietHours = { enabled: true, from: '22:00', to: '07:00', timeZone: 'Mars/Olympus_Mons', holdEmail: false };
    await saveProfile({} as Firestore, 'u1', { fullName: 'Ada', quietHours });
    expect(setDoc).toHaveBeenLastCalledWith({ path: 'users/u1' }, { fullName: 'Ada' }, { mergeFields: ['fullName'] });
  });
});
