import { isTimeZone } from '@price-alerts/domain/common';
import { defaultQuietHours, quietHoursSchema, type QuietHours } from '@price-alerts/domain/notify';
import { MSG_SAVE_CHOICE_FAILED } from '@price-alerts/domain/copy';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { repository } from '../../lib/repositories/load';
import { FormError } from '../../shared/forms';
import { currentUserAtom, profileAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';

const SAVE_CHOICE = { failure: () => MSG_SAVE_CHOICE_FAILED };
export const MSG_QUIET_SAME_TIMES = 'Choose different start and end times.';

/** The zone this device is in, as the browser names it (UTC when it cannot say). */
export function deviceTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

function zoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', current])].sort();
}

/**
 * Quiet hours on the Notifications screen: off by default; from 22:00 to 07:00 in this device's
 * zone when first turned on; push held, email sent unless 'Hold email too'. Each change is saved at
 * once; the stored zone stays until changed here, so the hours follow the person, not the device.
 */
export function QuietHoursSettings() {
  const user = useAtomValue(currentUserAtom);
  const profile = useAtomValue(profileAtom);
  const device = deviceTimeZone();
  const quiet: QuietHours = profile?.quietHours ?? defaultQuietHours(device);
  const { error, setError, busy, run } = useSubmit(SAVE_CHOICE);
  // The React Compiler memoises this on the zone.
  const zones = zoneChoices(quiet.timeZone);
  const id = useId();

  async function save(patch: Partial<QuietHours>) {
    if (!user) return;
    const next = { ...quiet, ...patch };
    if (next.from === next.to) {
      setError(MSG_QUIET_SAME_TIMES);
      return;
    }
    const parsed = quietHoursSchema.safeParse(next);
    if (!parsed.success) return;
    await run(async () => {
      const [db, profiles] = await repository('profiles');
      await profiles.saveProfile(db, user.uid, { quietHours: parsed.data });
    });
  }

  const disabled = busy || !profile;
  return (
    <section className="card quiet-hours" aria-labelledby={`${id}-title`}>
      <div className="row">
        <div>
          <h2 id={`${id}-title`}>Quiet hours</h2>
          <p className="muted">Hold notifications at night and get one summary when quiet hours end.</p>
        </div>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={quiet.enabled}
          aria-labelledby={`${id}-title`}
          onClick={() => void save({ enabled: !quiet.enabled })}
          disabled={disabled}
        />
      </div>
      <div className="quiet-times">
        {(['from', 'to'] as const).map((end) => (
          <label key={end} className="field">
            <span>{end === 'from' ? 'From' : 'To'}</span>
            <input
              type="time"
              value={quiet[end]}
              required
              disabled={disabled}
              onChange={(e) => e.target.value && void save({ [end]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <label className="field">
        <span>Time zone</span>
        <select value={quiet.timeZone} disabled={disabled} onChange={(e) => void save({ timeZone: e.target.value })}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      {quiet.timeZone !== device && (
        <p className="muted quiet-device">
          This device is in {device.replaceAll('_', ' ')}.{' '}
          <button
            type="button"
            className="button button-ghost"
            disabled={disabled}
            onClick={() => void save({ timeZone: device })}
          >
            Use it
          </button>
        </p>
      )}
      <label className="check-field">
        <input
          type="checkbox"
          checked={quiet.holdEmail}
          disabled={disabled}
          onChange={(e) => void save({ holdEmail: e.target.checked })}
        />
        <span>Hold email too</span>
      </label>
      <p className="muted">
        {quiet.holdEmail
          ? 'Push, Telegram and email wait for the summary; Discord still posts at once.'
          : 'Push and Telegram wait for the summary; email and Discord still arrive at once.'}{' '}
        Alerts still fire and show in the app the moment they do.
      </p>
      <FormError message={error} />
    </section>
  );
}
