import { z } from '../common/zod.ts';
import { ALERT_ACTIONS } from '../actions/actions.ts';
import { MAX_ACTION_TOKEN_LENGTH } from '../actions/actionToken.ts';

/**
 * A push as the service worker receives it: FCM's web-push JSON ({notification, data, ...}) in
 * production, and the same object through the local channel on the emulators.
 */
export const pushPayloadSchema = z.object({
  notification: z.object({ title: z.string().check(z.minLength(1)), body: z._default(z.string(), '') }),
  data: z._default(z.record(z.string(), z.string()), {}),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** A notification's button: what it does, its words, and the token that proves it (actions/). */
export interface NotificationAction {
  action: (typeof ALERT_ACTIONS)[number];
  title: string;
  token: string;
}

export interface NotificationSpec {
  title: string;
  body: string;
  tag?: string;
  url: string;
  /** At most two: what the platforms show. */
  actions?: NotificationAction[];
}

const actionsSchema = z.array(
  z.object({
    action: z.enum(ALERT_ACTIONS),
    title: z.string().check(z.minLength(1), z.maxLength(40)),
    token: z.string().check(z.minLength(1), z.maxLength(MAX_ACTION_TOKEN_LENGTH)),
  }),
);

/** The buttons a push's data names (JSON, as FCM carries strings); none when they do not parse. */
function actionsOf(raw: string | undefined): NotificationAction[] {
  if (!raw) return [];
  try {
    const parsed = actionsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, 2) : [];
  } catch {
    return [];
  }
}

const DASHBOARD = '/dashboard';
/** Any origin does: a path that stays on it stays on the app's own. */
const PROBE_ORIGIN = 'https://app.invalid';

/**
 * The path a notification may open: the dashboard or below it, on the app's own origin. Anything
 * else (`//host`, `/\\host`, an absolute URL, `javascript:`, another route) opens the dashboard.
 */
export function notificationPath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || /[\\\s]/.test(raw)) return DASHBOARD;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DASHBOARD;
  }
  if (url.origin !== PROBE_ORIGIN) return DASHBOARD;
  if (url.pathname !== DASHBOARD && !url.pathname.startsWith(`${DASHBOARD}/`)) return DASHBOARD;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the service worker shows; the url opens the alert the push is about, or the dashboard. */
export function toNotification(raw: unknown): NotificationSpec | undefined {
  const parsed = pushPayloadSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { notification, data } = parsed.data;
  const url = data.url
    ? notificationPath(data.url)
    : data.alertId
      ? `/dashboard?alert=${encodeURIComponent(data.alertId)}`
      : '/dashboard';
  const actions = actionsOf(data.actions);
  return {
    title: notification.title,
    body: notification.body,
    url,
    ...(data.alertId ? { tag: `alert-${data.alertId}` } : {}),
    ...(actions.length ? { actions } : {}),
  };
}
