/**
 * What the create and edit screens say beside each notification checkbox, and the dashboard's
 * banner, when that channel cannot reach the user: an alert that fires in silence is the worst
 * thing this app can do. Pure, so every combination is table-tested.
 */

/** Where push stands on this device, as the registration at sign-in left it. */
export type DevicePush =
  /** Not known yet: the registration is still running, or has not started. */
  | 'pending'
  | 'registered'
  | 'blocked'
  | 'not-asked'
  | 'unsupported'
  /** Permission granted but the token could not be had or stored (no network, a service worker issue). */
  | 'failed';

export interface PushSituation {
  /**
   * The profile's notificationsEnabled is not false. False only stops this app registering devices
   * by itself (spec); a device registered before still gets pushes, so it counts like 'off here'.
   */
  accountEnabled: boolean;
  device: DevicePush;
  /**
   * Devices registered for push on the account other than this one, or null until known. This
   * device's own token is left out: after its permission is withdrawn it is a dead token that no
   * push reaches, not another device.
   */
  otherDevices: number | null;
}

export const EMAIL_HINTS = {
  unverified: (email: string) => `Email alerts need a verified address: ${email} is not verified yet.`,
  resend: 'Resend the link',
  sending: 'Sending…',
  sent: 'Sent. Open the link in the email, then come back here.',
  failed: 'Could not send the link. Check your connection and try again.',
  tooMany: 'A link was sent moments ago. Wait a minute before asking for another.',
  banner: 'Verify your email address to get email alerts.',
} as const;

export const PUSH_HINTS = {
  offNoDevice:
    'Push notifications are off on this device and no other device is registered, so no push would arrive. Turn them on in Notification settings.',
  failedHere: 'This device could not be registered for push. Turn the switch on to try again.',
  blockedNoDevice:
    'Notifications are blocked on this device and no other device is registered, so no push would arrive. Allow them in your browser’s site settings.',
  blockedOthers: 'Notifications are blocked on this device; pushes go to your other registered devices.',
  unsupportedNoDevice:
    'This browser cannot show push notifications and no other device is registered, so no push would arrive.',
  notAskedNoDevice: 'No device is registered for push yet. Allow notifications on this device to get pushes.',
  failedNoDevice: 'This device could not be registered for push, so no push would arrive yet.',
  settings: 'Notification settings',
} as const;

/** The sentence beside 'Push notifications', or null when a push would reach a device. */
export function pushHint({ accountEnabled, device, otherDevices }: PushSituation): string | null {
  // Until it is known, say nothing rather than something that may be false a moment later.
  if (otherDevices === null) return null;
  const others = otherDevices > 0;
  if (!accountEnabled) return others ? null : PUSH_HINTS.offNoDevice;
  switch (device) {
    case 'pending':
    case 'registered':
      return null;
    case 'blocked':
      return others ? PUSH_HINTS.blockedOthers : PUSH_HINTS.blockedNoDevice;
    case 'unsupported':
      return others ? null : PUSH_HINTS.unsupportedNoDevice;
    case 'not-asked':
      return others ? null : PUSH_HINTS.notAskedNoDevice;
    case 'failed':
      return others ? null : PUSH_HINTS.failedNoDevice;
  }
}
