import { PUSH_HINTS, pushHint, type Draft } from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { devicePushAtom, useOtherPushDevices } from '../../shared/pushState';
import { currentUserAtom, profileAtom } from '../../shared/session';
import { VerifyEmailNote } from '../../shared/VerifyEmailNote';

type Prefs = Draft['notificationPreferences'];

/**
 * 'Send email' and 'Push notifications', each with a sentence under it when that channel could not
 * reach the user (an unverified address; push blocked, unsupported or on no device), so an alert
 * never fires in silence without the user having been told while setting it.
 */
export function NotifyFields({ prefs, onChange }: { prefs: Prefs; onChange: (changes: Partial<Prefs>) => void }) {
  const user = useAtomValue(currentUserAtom);
  const profile = useAtomValue(profileAtom);
  const unverified = user !== null && !user.emailVerified;
  const device = useAtomValue(devicePushAtom);
  const otherDevices = useOtherPushDevices();
  const push = pushHint({ accountEnabled: profile?.notificationsEnabled !== false, device, otherDevices });
  return (
    <fieldset className="checks">
      <legend>Notify me by</legend>
      <label>
        <input
          type="checkbox"
          checked={prefs.email}
          aria-describedby={unverified ? 'email-hint' : undefined}
          onChange={(e) => onChange({ email: e.target.checked })}
        />
        Send email
      </label>
      <VerifyEmailNote id="email-hint" variant="hint" />
      <label>
        <input
          type="checkbox"
          checked={prefs.push}
          aria-describedby={push ? 'push-hint' : undefined}
          onChange={(e) => onChange({ push: e.target.checked })}
        />
        Push notifications
      </label>
      {push && (
        <div className="verify-note verify-hint">
          <p id="push-hint">{push}</p>
          <Link to="/notifications">{PUSH_HINTS.settings}</Link>
        </div>
      )}
    </fieldset>
  );
}
