import { PUSH_HINTS } from '@price-alerts/domain/notify';
import { MSG_SAVE_CHOICE_FAILED, PUSH_MESSAGES } from '@price-alerts/domain/copy';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { repository } from '../../lib/repositories/load';
import { FormError, FormNote } from '../../shared/forms';
import { PageHeader } from '../../shared/PageHeader';
import { devicePushAtom } from '../../shared/pushState';
import { useSubmit } from '../../shared/useSubmit';
import { needServiceWorker } from '../../lib/serviceWorkerStart';
import { currentUserAtom, profileAtom } from '../../shared/session';
import { QuietHoursSettings } from './QuietHoursSettings';
import { WebhookSettings } from './WebhookSettings';
import { TelegramSettings } from './TelegramSettings';
import { DiscordSettings } from './DiscordSettings';
import { asksOnlyOnTap } from '../../shared/permissionPrompt';
import { permissionMessage, pushSupport, registerForPush } from './registerPush';
import { forgetPushFailure } from './usePushRegistration';
import '../../shared/infoNote.css';
import './NotificationsPage.css';

function permissionLabel(): string {
  if (pushSupport() === 'unsupported') return 'Not supported by this browser';
  return { granted: 'Allowed', denied: 'Blocked', default: 'Not asked yet' }[Notification.permission];
}

const SAVE_CHOICE = { failure: () => MSG_SAVE_CHOICE_FAILED };

/**
 * The switch shows whether this device gets pushes, not only the account's setting: on while the
 * account allows them, the browser's permission is granted and this device's registration did not
 * fail. Otherwise it is off, and the one message under it says why and what to do.
 */
export default function NotificationsPage() {
  const user = useAtomValue(currentUserAtom);
  const profile = useAtomValue(profileAtom);
  const [device, setDevice] = useAtom(devicePushAtom);
  const enabled = profile?.notificationsEnabled !== false;
  const on = enabled && permissionMessage() === null && device !== 'failed';
  const { error, setError, busy, run } = useSubmit(SAVE_CHOICE);
  const [note, setNote] = useState<string | null>(null);
  const [, rerender] = useState(0);

  async function toggle() {
    if (!user) return;
    // Asked within the tap itself: Firefox and Safari refuse a request made after an await. The worker
    // installs while the prompt is open.
    const ask = !on && pushSupport() === 'supported' && Notification.permission === 'default';
    if (ask) needServiceWorker();
    const asking = ask ? Notification.requestPermission() : undefined;
    setNote(null);
    await run(async () => {
      const [[db, { saveProfile }], [, { forgetPushToken }]] = await Promise.all([
        repository('profiles'),
        repository('pushTokens'),
      ]);
      if (on) {
        await saveProfile(db, user.uid, { notificationsEnabled: false });
        await forgetPushToken(db, user.uid);
        setNote('Push notifications are off on this account. Email alerts still arrive.');
      } else {
        await asking;
        if (!enabled) await saveProfile(db, user.uid, { notificationsEnabled: true });
        // Asked once per tap: a dismissed prompt is not shown again at once.
        const result = await registerForPush(user.uid, { prompt: asking === undefined });
        setDevice(result.ok ? 'registered' : result.device);
        if (result.ok) {
          forgetPushFailure(user.uid);
          setNote('Push notifications are on for this device.');
        } else setError(result.message);
      }
    });
    // The browser's permission may have changed while asking: show it as it is now.
    rerender((n) => n + 1);
  }

  // Off with a reason, always: a permission problem, or a registration fault at sign-in. A browser
  // that cannot show push, or that asks only after a tap, is told calmly: neither is a fault.
  const reason = enabled ? (permissionMessage() ?? (device === 'failed' ? PUSH_HINTS.failedHere : null)) : null;
  const calm =
    reason === PUSH_MESSAGES.unsupported
      ? `${reason} ${PUSH_MESSAGES.otherChannels}`
      : reason === PUSH_MESSAGES.permissionDefault && asksOnlyOnTap()
        ? PUSH_MESSAGES.permissionOnTap
        : null;
  const problem = calm ? null : reason;
  return (
    <main className="page">
      <PageHeader title="Notifications" />
      <section className="card">
        <div className="row">
          <div>
            <h2 id="push-label">Push notifications</h2>
            <p className="muted">Alerts on this device the moment they fire.</p>
          </div>
          <button
            type="button"
            role="switch"
            className="switch"
            aria-checked={on}
            aria-labelledby="push-label"
            onClick={toggle}
            disabled={busy || !profile}
          />
        </div>
        <p className="muted">
          Browser permission: <strong>{permissionLabel()}</strong>
        </p>
      </section>
      {calm && !note && !error ? (
        <p className="info-note" role="status">
          {calm}
        </p>
      ) : null}
      <FormError message={note ? null : (error ?? problem)} />
      <FormNote message={note} />
      <p className="muted">
        Email alerts go to {user?.email}
        {user?.emailVerified ? '.' : ' once you verify it.'}
      </p>
      <QuietHoursSettings />
      <TelegramSettings />
      <DiscordSettings />
      <WebhookSettings />
    </main>
  );
}
