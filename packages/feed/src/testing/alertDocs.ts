/** Active, armed EUR/USD alerts of user 'u' on ask, created a minute before `at`, for the gate's tests. */
import { moveReadOf, type AlertDocument, type MoveAlertDocument } from '@price-alerts/domain/store';

const common = (at: number) => ({
  userId: 'u',
  currencyPair: 'EUR/USD' as const,
  priceSide: 'ask' as const,
  armed: true,
  status: 'active' as const,
  notificationPreferences: { email: true, push: false },
  createdAt: new Date(at - 60_000),
});

/** Price rising above 1.1, unless told otherwise. */
export const levelAlert = (at: number, extra: Partial<AlertDocument> = {}): AlertDocument => ({
  ...common(at),
  alertType: 'Price rising above',
  triggerPrice: 1.1,
  ...extra,
});

/** Moving up 1% in 15 min, unless told otherwise. */
export function moveAlert(at: number, extra: Partial<MoveAlertDocument> = {}): MoveAlertDocument {
  const a = {
    ...common(at),
    alertType: 'Moving up %' as const,
    movePercent: 1,
    lookbackMinutes: 15 as const,
    ...extra,
  };
  return { ...a, moveRead: moveReadOf(a) as MoveAlertDocument['moveRead'] };
}
