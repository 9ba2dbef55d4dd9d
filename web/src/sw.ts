/// <reference lib="webworker" />
import './lib/zodJitless';
import { actionResultText } from '@price-alerts/domain/actions';
import { notificationPath, toNotification } from '@price-alerts/domain/notify';
import { postAlertAction } from './lib/alertActions';
import { config } from './lib/config';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

// A prerendered page answers its own clean URL from the cache (/login is login.html, / is
// index.html: the precache's default cleanURLs and directoryIndex).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every other route of the single-page app opens from the cached shell, online or not.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/shell.html')));
clientsClaim();

/** One display path for FCM pushes and the emulators' local channel alike; false when `raw` is not a notification. */
async function display(raw: unknown, fallbackTag?: string): Promise<boolean> {
  const spec = toNotification(raw);
  if (!spec) {
    console.warn('Ignored a push that is not a notification', raw);
    return false;
  }
  const tag = spec.tag ?? fallbackTag;
  const actions = spec.actions ?? [];
  await self.registration.showNotification(spec.title, {
    body: spec.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    // The buttons' tokens stay with the notification, for its click (below).
    data: { url: spec.url, tokens: Object.fromEntries(actions.map((a) => [a.action, a.token])) },
    ...(tag ? { tag } : {}),
    // Where the platform shows buttons; elsewhere the notification opens the alert, as before.
    ...(actions.length ? { actions: actions.map(({ action, title }) => ({ action, title })) } : {}),
  } as NotificationOptions);
  return true;
}

/**
 * A notification's button: its action is applied at once with its token (no page opens), and the
 * notification is replaced by what happened ('Snoozed until 15:40.'), which opens the alert. Open
 * windows of the app are told, to say it too.
 */
async function act(notification: Notification, action: string): Promise<void> {
  const data = notification.data as { url?: unknown; tokens?: Record<string, unknown> } | null;
  const token = data?.tokens?.[action];
  if (typeof token !== 'string') return;
  const text = actionResultText(await postAlertAction(config, token));
  await self.registration.showNotification('Price Alerts', {
    body: text,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: notificationPath(data?.url) },
    ...(notification.tag ? { tag: notification.tag } : {}),
  });
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: 'ALERT_ACTION_RESULT', text });
  }
}

self.addEventListener('push', (event) => {
  let raw: unknown;
  try {
    raw = event.data?.json();
  } catch {
    raw = undefined;
  }
  event.waitUntil(display(raw).then(() => undefined));
});

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string } | null;
  // A new version waits until the page asks for it, so nobody loses a half-typed form.
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The emulators' local push channel: only emulator builds have it (MODE is replaced at build time,
// so a production service worker holds no handler a page could use to show notifications).
if (import.meta.env.MODE === 'emulator') {
  self.addEventListener('message', (event) => {
    const message = event.data as { type?: string; id?: unknown; payload?: unknown } | null;
    // A page's stand-in for the platform's tap on a notification (the engine walk has no platform to
    // tap with): the same navigation, to this origin's dashboard whatever the message says.
    if (message?.type === 'TAP_LOCAL_PUSH') {
      event.waitUntil(openApp((message.payload as { url?: unknown } | null)?.url));
      return;
    }
    if (message?.type !== 'SHOW_LOCAL_PUSH') return;
    // The page consumes the message once told it is done with (features/notifications/localPushChannel.ts).
    // Tagged by the message when the push has no tag, so a second try replaces the first rather than adding one.
    const reply = event.ports[0];
    const tag = typeof message.id === 'string' ? `local-${message.id.slice(0, 100)}` : undefined;
    event.waitUntil(
      display(message.payload, tag).then(
        (shown) => reply?.postMessage(shown ? 'shown' : 'ignored'),
        (error: unknown) => {
          reply?.postMessage('failed');
          throw error;
        },
      ),
    );
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  if (event.action) {
    event.waitUntil(act(event.notification, event.action));
    return;
  }
  event.waitUntil(openApp((event.notification.data as { url?: unknown } | null)?.url));
});

/** A tap on a notification: an open window of the app goes to its page (a full load), else a new window opens. */
async function openApp(path: unknown): Promise<void> {
  // Only the dashboard, on this origin, whatever the push said.
  const url = new URL(notificationPath(path), self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === url.origin);
  if (!open) {
    await self.clients.openWindow(url.href);
    return;
  }
  // A platform may refuse focus (it grants it only for the tap itself); the window still goes to the alert.
  await open.focus().catch(() => undefined);
  // A window this worker does not control (after a hard reload) cannot be navigated: a new one opens.
  await open.navigate(url.href).catch(() => self.clients.openWindow(url.href));
}
