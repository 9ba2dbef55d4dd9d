import type { QuietHours } from '@price-alerts/domain/notify';
import type { Profile } from '@price-alerts/domain/store';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../lib/auth';

// Boundaries: the gateway and the profile repository.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
const saveProfile = vi.fn<(db: unknown, uid: string, patch: Partial<Profile>) => Promise<void>>();
vi.mock('../../lib/repositories/profiles', () => ({
  saveProfile: (...args: [unknown, string, Partial<Profile>]) => saveProfile(...args),
}));
const { QuietHoursSettings, MSG_QUIET_SAME_TIMES, deviceTimeZone } = await import('./QuietHoursSettings');
const { currentUserAtom, profileAtom } = await import('../../shared/session');

const user: SessionUser = {
  uid: 'u1',
  email: 'ada@example.test',
  displayName: 'Ada',
  emailVerified: true,
  hasPassword: true,
};
const ON: QuietHours = { enabled: true, from: '22:00', to: '07:00', timeZone: 'Asia/Tokyo', holdEmail: false };

function renderSettings(profile: Profile = {}) {
  const store = createStore();
  store.set(currentUserAtom, user);
  store.set(profileAtom, profile);
  render(
    <Provider store={store}>
      <QuietHoursSettings />
    </Provider>,
  );
}
const saved = () => saveProfile.mock.calls.map(([, uid, patch]) => [uid, patch]);

beforeEach(() => {
  saveProfile.mockReset();
  saveProfile.mockResolvedValue();
});

describe('quiet hours settings', () => {
  it('start off, from 22:00 to 07:00 in this device’s zone, holding push only', () => {
    renderSettings();
    expect(screen.getByRole('switch', { name: 'Quiet hours' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('22:00');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('07:00');
    expect(screen.getByLabelText<HTMLSelectElement>('Time zone').value).toBe(deviceTimeZone());
    expect(screen.getByLabelText<HTMLInputElement>('Hold email too').checked).toBe(false);
    expect(screen.getByText(/^Push and Telegram wait for the summary/).textContent).toBe(
      'Push and Telegram wait for the summary; email and Discord still arrive at once. Alerts still fire and show in the app the moment they do.',
    );
  });

  it('turning them on stores the whole setting with the device’s zone', async () => {
    renderSettings();
    fireEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    await waitFor(() => expect(saveProfile).toHaveBeenCalledTimes(1));
    expect(saved()).toEqual([
      [
        'u1',
        { quietHours: { enabled: true, from: '22:00', to: '07:00', timeZone: deviceTimeZone(), holdEmail: false } },
      ],
    ]);
  });

  it('saves a new end, and refuses an end equal to the start with a message, saving nothing', async () => {
    renderSettings({ quietHours: ON });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '06:30' } });
    await waitFor(() => expect(saved()).toEqual([['u1', { quietHours: { ...ON, to: '06:30' } }]]));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '22:00' } });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_QUIET_SAME_TIMES);
    expect(saveProfile).toHaveBeenCalledTimes(1);
  });

  it('keeps the stored zone, and offers the device’s when they differ', async () => {
    renderSettings({ quietHours: ON });
    expect(screen.getByLabelText<HTMLSelectElement>('Time zone').value).toBe('Asia/Tokyo');
    fireEvent.click(screen.getByRole('button', { name: 'Use it' }));
    await waitFor(() => expect(saved()).toEqual([['u1', { quietHours: { ...ON, timeZone: deviceTimeZone() } }]]));
  });

  it('holds email too when asked', async () => {
    renderSettings({ quietHours: ON });
    fireEvent.click(screen.getByLabelText('Hold email too'));
    await waitFor(() => expect(saved()).toEqual([['u1', { quietHours: { ...ON, holdEmail: true } }]]));
  });

  it('says when a choice could not be saved', async () => {
    saveProfile.mockRejectedValue(new Error('offline'));
    renderSettings({ quietHours: ON });
    fireEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not save your choice');
  });
});
