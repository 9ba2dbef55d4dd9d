import { describe, expect, it } from 'vitest';
import { PUSH_HINTS, pushHint, type PushSituation } from './notifyHints.ts';

describe('pushHint', () => {
  const cases: [string, PushSituation, string | null][] = [
    [
      'off here, no other device',
      { accountEnabled: false, device: 'pending', otherDevices: 0 },
      PUSH_HINTS.offNoDevice,
    ],
    ['off here, another device still gets pushes', { accountEnabled: false, device: 'pending', otherDevices: 2 }, null],
    ['registered here, no other device', { accountEnabled: true, device: 'registered', otherDevices: 0 }, null],
    ['still registering', { accountEnabled: true, device: 'pending', otherDevices: 0 }, null],
    ['device count not known yet', { accountEnabled: true, device: 'blocked', otherDevices: null }, null],
    ['off here, count not known yet', { accountEnabled: false, device: 'pending', otherDevices: null }, null],
    [
      'blocked, no device anywhere',
      { accountEnabled: true, device: 'blocked', otherDevices: 0 },
      PUSH_HINTS.blockedNoDevice,
    ],
    [
      'blocked here, another device',
      { accountEnabled: true, device: 'blocked', otherDevices: 1 },
      PUSH_HINTS.blockedOthers,
    ],
    [
      'unsupported, no device',
      { accountEnabled: true, device: 'unsupported', otherDevices: 0 },
      PUSH_HINTS.unsupportedNoDevice,
    ],
    ['unsupported here, another device', { accountEnabled: true, device: 'unsupported', otherDevices: 3 }, null],
    [
      'never asked, no device',
      { accountEnabled: true, device: 'not-asked', otherDevices: 0 },
      PUSH_HINTS.notAskedNoDevice,
    ],
    ['never asked here, another device', { accountEnabled: true, device: 'not-asked', otherDevices: 1 }, null],
    [
      'registration failed, no device',
      { accountEnabled: true, device: 'failed', otherDevices: 0 },
      PUSH_HINTS.failedNoDevice,
    ],
    ['registration failed, another device', { accountEnabled: true, device: 'failed', otherDevices: 1 }, null],
  ];
  it.each(cases)('%s', (_name, situation, expected) => {
    expect(pushHint(situation)).toBe(expected);
  });
});
