import { SERVICE_WORKER_TIMEOUT_MS } from '@price-alerts/domain/common';
import { type DevicePush } from '@price-alerts/domain/notify';
import { PUSH_MESSAGES } from '@price-alerts/domain/copy';
import { obtainPushToken, sendTokenToServer } from '../../lib/push';
import { sessionTicket, stopped, tokenStep } from '../../lib/pushSession';
import { needServiceWorker } from '../../lib/serviceWorkerStart';

export type PushSupport = 'supported' | 'unsupported';
export type PushResult =
  | { ok: true; token: string }
  /** `cancelled`: stopped by a sign-out, which is no fault to show. */
  | { ok: false; message: string; device: DevicePush; cancelled?: true };

export function pushSupport(): PushSupport {
  return 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window
    ? 'supported'
    : 'unsupported';
}

function messageFor(permission: NotificationPermission): string | null {
  if (permission === 'denied') return PUSH_MESSAGES.permissionDenied;
  if (permission === 'default') return PUSH_MESSAGES.permissionDefault;
  return null;
}

// Chromium answers Notification.permission with a synchronous round trip to the browser process, which
// blocked a signed-in load's main thread 15 ms in a profile (four reads): it is read once.
export function permissionMessage(): string | null {
  return pushSupport() === 'unsupported' ? PUSH_MESSAGES.unsupported : messageFor(Notification.permission);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** What a failure says of this device: a permission problem is a state to show, the rest a fault. */
function deviceOf(message: string): DevicePush {
  if (message === PUSH_MESSAGES.permissionDenied) return 'blocked';
  if (message === PUSH_MESSAGES.permissionDefault) return 'not-asked';
  if (message === PUSH_MESSAGES.unsupported) return 'unsupported';
  return 'failed';
}

const fail = (message: string): PushResult => ({ ok: false, message, device: deviceOf(message) });
const cancelled = (): PushResult => ({
  ok: false,
  message: PUSH_MESSAGES.notLoggedIn,
  device: deviceOf(PUSH_MESSAGES.notLoggedIn),
  cancelled: true,
});

/**
 * Asks for permission (when `prompt`), waits at most 10 s for the service worker, gets the
 * device token and registers it; every way this can fail ends in one of the spec's messages.
 * Once sign-out has begun it stores and sends nothing more (see lib/pushSession.ts).
 */
export async function registerForPush(uid: string | undefined, { prompt }: { prompt: boolean }): Promise<PushResult> {
  const ticket = sessionTicket();
  if (!uid) return fail(PUSH_MESSAGES.notLoggedIn);
  if (stopped(ticket)) return cancelled();
  if (pushSupport() === 'unsupported') return fail(PUSH_MESSAGES.unsupported);
  const permission = Notification.permission;
  // The worker installs while the permission prompt is open, not only after it.
  if (prompt || permission === 'granted') needServiceWorker();
  const answer = permission === 'default' && prompt ? await Notification.requestPermission() : permission;
  const problem = messageFor(answer);
  if (problem) return fail(problem);
  let registration: ServiceWorkerRegistration;
  try {
    registration = await withTimeout(navigator.serviceWorker.ready, SERVICE_WORKER_TIMEOUT_MS);
  } catch {
    return fail(PUSH_MESSAGES.serviceWorker);
  }
  if (!registration.active) return fail(PUSH_MESSAGES.noActiveWorker);
  // From here on a token is stored and sent: sign-out waits for these steps, and they check it.
  return tokenStep(async () => {
    if (stopped(ticket)) return cancelled();
    let token: string;
    try {
      token = await obtainPushToken(registration);
    } catch (error) {
      return fail(PUSH_MESSAGES.messaging(error instanceof Error ? error.message : String(error)));
    }
    if (stopped(ticket)) return cancelled();
    try {
      if (!token) throw new Error('empty token');
      await sendTokenToServer(token);
    } catch {
      return fail(PUSH_MESSAGES.token);
    }
    return { ok: true, token };
  });
}
