// Sign-out's own sequence, with Firebase at its SDK boundary faked (no Auth runs in jsdom).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  auth: { currentUser: { uid: 'u1' } as { uid: string } | null },
  signOut: vi.fn(async () => undefined),
  storedPushToken: vi.fn((): string | null => 'local:device-token'),
  forgetPushToken: vi.fn(async () => undefined),
}));
vi.mock('firebase/auth', () => ({ signOut: fake.signOut }));
vi.mock('./firebaseApp', () => ({ auth: fake.auth }));
vi.mock('./firebase', () => ({ clearLocalCache: async () => undefined, getDb: async () => ({}) }));
vi.mock('./push', () => ({ storedPushToken: fake.storedPushToken, endDevicePush: async () => undefined }));
vi.mock('./repositories/pushTokens', () => ({ forgetPushToken: fake.forgetPushToken }));
const { signOut } = await import('./authSdk');

beforeEach(() => {
  vi.clearAllMocks();
  fake.storedPushToken.mockReturnValue('local:device-token');
  fake.auth.currentUser = { uid: 'u1' };
});

describe('signOut', () => {
  it('forgets the device’s token, then signs out', async () => {
    await signOut();
    expect(fake.forgetPushToken).toHaveBeenCalledWith({}, 'u1', 'local:device-token');
    expect(fake.signOut).toHaveBeenCalledTimes(1);
  });

  it('runs once for a double tap on Log out', async () => {
    await Promise.all([signOut(), signOut()]);
    expect(fake.forgetPushToken).toHaveBeenCalledTimes(1);
    expect(fake.signOut).toHaveBeenCalledTimes(1);
  });

  it('still signs out when a device step throws', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake.storedPushToken.mockImplementation(() => {
      throw new DOMException('The storage is blocked', 'SecurityError');
    });
    await signOut();
    expect(fake.signOut).toHaveBeenCalledTimes(1);
  });
});
