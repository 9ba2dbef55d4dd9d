import { describe, expect, it } from 'vitest';
import { MSG_EXPIRY_IN_FUTURE } from '../copy/messages.ts';
import type { LevelAlert as Alert } from '../store/schemas.ts';
import { draftFromAlert, validateDraft } from './validation.ts';

/** Editing an alert with an expiry: the stored time is kept while the date is left as loaded. */
describe('editing the expiry', () => {
  const expiresAt = new Date(2026, 10, 9, 17, 4, 45).getTime();
  const alert: Alert = {
    id: 'a1',
    userId: 'u1',
    currencyPair: 'GBP/USD',
    alertType: 'Price dropping below',
    triggerPrice: 1.245,
    status: 'active',
    notificationPreferences: { email: true, push: false },
    expiresAt,
  };
  const edited = (patch: Partial<ReturnType<typeof draftFromAlert>>, now: Date) =>
    validateDraft({ ...draftFromAlert(alert), ...patch }, true, now);

  it.each([
    ['a note changed an hour before the expiry', { note: 'x' }, new Date(2026, 10, 9, 16, 4), { expiresAt }],
    ['a note changed in the expiry’s last minute', { note: 'x' }, new Date(2026, 10, 9, 17, 4, 30), { expiresAt }],
  ])('keeps it exactly: %s', (_label, patch, now, expected) => {
    const result = validateDraft({ ...draftFromAlert(alert), ...patch }, true, now);
    expect(result).toMatchObject({ ok: true, value: expected });
  });

  it('judges a changed date as a new expiry', () => {
    expect(edited({ expiryDate: '2026-11-09T17:05' }, new Date(2026, 10, 9, 17, 6))).toEqual({
      ok: false,
      message: MSG_EXPIRY_IN_FUTURE,
    });
    expect(edited({ expiryDate: '2026-11-10T09:00' }, new Date(2026, 10, 9, 17, 6))).toMatchObject({
      ok: true,
      value: { expiresAt: new Date(2026, 10, 10, 9, 0).getTime() },
    });
  });

  it('drops it when set to never', () => {
    const result = edited({ expiry: 'never' }, new Date(2026, 10, 9, 12, 0));
    expect(result.ok && result.value.expiresAt).toBe(undefined);
  });
});
