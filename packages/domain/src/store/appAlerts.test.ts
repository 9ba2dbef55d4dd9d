import { describe, expect, it } from 'vitest';
import { isLevelAlert, isMoveAlert } from '../alerts/alertKinds.ts';
import { appAlertDocumentSchema, type Alert } from './appAlerts.ts';

const common = {
  userId: 'u1',
  currencyPair: 'EUR/USD',
  status: 'active',
  notificationPreferences: { email: true, push: false },
};
const level = { ...common, alertType: 'Price reaching', triggerPrice: 1.085 };
const moving = { ...common, alertType: 'Moving up %', movePercent: 1.5, lookbackMinutes: 15, moveRead: 'up:15' };

const kindOf = (doc: object) => {
  const parsed = appAlertDocumentSchema.safeParse(doc);
  if (!parsed.success) return 'refused';
  const alert = { ...parsed.data, id: 'a1' } as Alert;
  return isLevelAlert(alert) ? 'level' : isMoveAlert(alert) ? 'move' : `other: ${alert.alertType}`;
};

describe('the app reads every alert document', () => {
  it.each([
    ['a level alert', level, 'level'],
    ['a move alert', moving, 'move'],
    // Stored by a newer version: listed by its type's words, not left out.
    [
      'an alert of a type this version does not know',
      { ...common, alertType: 'Volume spike', volume: 3 },
      'other: Volume spike',
    ],
    // A known type must be valid as that type: a broken one is not shown as of an unknown type.
    ['a level alert without its price', { ...level, triggerPrice: undefined }, 'refused'],
    ['a move alert whose read disagrees', { ...moving, moveRead: 'down:15' }, 'refused'],
    [
      'a move alert with a trigger price and no threshold',
      { ...moving, movePercent: undefined, triggerPrice: 1 },
      'refused',
    ],
    ['an unknown type with a bad status', { ...common, alertType: 'Volume spike', status: 'gone' }, 'refused'],
    ['an empty type', { ...common, alertType: '' }, 'refused'],
  ])('%s: %s', (_label, doc, kind) => {
    expect(kindOf(doc)).toBe(kind);
  });
});
