import { describe, expect, it } from 'vitest';
import { PUSH_HINTS, pushHint, type PushSituation } from './notifyHints.ts';

describe('pushHint', () => {
  const cases: [string, PushSituation, string | null][] = [
    [
      'account off, even with devices',
      { accountEnabled: false, device: 'registered', devices: 2 },
      PUSH_HINTS.accountOff,
    ],
    ['registered here', { accountEnabled: true, device: 'registered', devices: 1 }, null],
    ['still registering', { accountEnabled: true, device: 'pending', devices: 0 }, null],
    ['device count not known yet', { accountEnabled: true, device: 'blocked', devices: null }, null],
    [
      'blocked, no device anywhere',
      { accountEnabled: true, device: 'blocked', devices: 0 },
      PUSH_HINTS.blockedNoDevice,
    ],
    ['blocked here, another device', { accountEnabled: true, device: 'blocked', devices: 1 }, PUSH_HINTS.blockedOthers],
    [
      'unsupported, no device',
      { accountEnabled: true, device: 'unsupported', devices: 0 },
      PUSH_HINTS.unsupportedNoDevice,
    ],
    ['unsupported here, another device', { accountEnabled: true, device: 'unsupported', devices: 3 }, null],
    ['never asked, no device', { accountEnabled: true, device: 'not-asked', devices: 0 }, PUSH_HINTS.notAskedNoDevice],
    ['never asked here, another device', { accountEnabled: true, device: 'not-asked', devices: 1 }, null],
    [
      'registration failed, no device',
      { accountEnabled: true, device: 'failed', devices: 0 },
      PUSH_HINTS.failedNoDevice,
    ],
    ['registration failed, another device', { accountEnabled: true, device: 'failed', devices: 1 }, null],
  ];
  it.each(cases)('%s', (_name, situation, expected) => {
    expect(pushHint(situation)).toBe(expected);
  });
});
