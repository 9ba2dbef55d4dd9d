import { PUSH_HINTS, pushHint } from '@price-alerts/domain/notify';
import { type Draft } from '@price-alerts/domain/store';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { devicePushAtom, useOtherPushDevices } from '../../shared/pushState';
import { currentUserAtom, profileAtom } from '../../shared/session';
import { VerifyEmailNote } from '../../shared/VerifyEmailNote';
import { readLastPushHint, rememberPushHint } from '../../shared/firstPaint/lastPushHint';

type Prefs = Draft['notificationPreferences'];

/** Where a chat channel the account has not set up is set up. */
export const connectHint = (label: string) => `Set up ${label} in Notifications`;

/**
 * Telegram or Discord: chosen only once the account has it set up on the Notifications screen, which
 * the hint links to. An alert that already has it chosen (edited after the link was lost) shows it
 * checked, and may uncheck it; it cannot be chosen again until it is set up. Under it, one line says
 * where it sends, or where to set it up; until the profile is known the line's place is held, so the
 * fields below do not move when it comes.
 */
function ChatChoice(props: {
  channel: 'telegram' | 'discord';
  label: string;
  /** Where it sends ('Ada', 'webhook …1234') when set up; undefined when not. */
  to: string | undefined;
  known: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = `${props.channel}-hint`;
  const linked = props.to !== undefined;
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={props.checked}
          disabled={!linked && !props.checked}
          aria-describedby={props.known ? hintId : undefined}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        {props.label}
      </label>
      {!props.known ? (
        <div className="chat-hint" aria-hidden="true">
          <span className="chat-held">{connectHint(props.label)}</span>
        </div>
      ) : linked ? (
        <div className="chat-hint">
          <span id={hintId} className="chat-to">
            {chatTo(props.to ?? '')}
          </span>
        </div>
      ) : (
        // A warning only for an alert that has it chosen: for any other, an offer.
        <div className={props.checked ? 'verify-note verify-hint' : 'chat-hint'}>
          <Link id={hintId} to="/notifications">
            {connectHint(props.label)}
          </Link>
        </div>
      )}
    </>
  );
}

export const chatTo = (where: string) => `Sends to ${where}`;

/**
 * 'Send email' and 'Push notifications', each with a sentence under it when that channel could not
 * reach the user (an unverified address; push blocked, unsupported or on no device), so an alert
 * never fires in silence without the user having been told while setting it. Then Telegram and
 * Discord, which the account sets up first (ChatChoice).
 *
 * Until push's state on this device is known, the place of the hint last shown here is held, unseen,
 * so that the fields below do not jump down when it is checked (lastPushHint.ts).
 */
export function NotifyFields({ prefs, onChange }: { prefs: Prefs; onChange: (changes: Partial<Prefs>) => void }) {
  const user = useAtomValue(currentUserAtom);
  const profile = useAtomValue(profileAtom);
  const unverified = user !== null && !user.emailVerified;
  const device = useAtomValue(devicePushAtom);
  const otherDevices = useOtherPushDevices();
  const accountEnabled = profile?.notificationsEnabled !== false;
  const push = pushHint({ accountEnabled, device, otherDevices });
  // With push switched off for the account, this device is never registered and stays 'pending'.
  const known = otherDevices !== null && profile !== null && (device !== 'pending' || !accountEnabled);
  const uid = user?.uid;
  const store = useStore();
  useEffect(() => {
    // Not for a user signed out meanwhile (the store says so before React renders it): forgotten already.
    if (uid && known && store.get(currentUserAtom)?.uid === uid) rememberPushHint(uid, push);
  }, [uid, known, push, store]);
  const lastHint = useMemo(() => (uid ? readLastPushHint(uid) : null), [uid]);
  // Should the device listener fail, push stays unknown and the place stays held, unseen, on this screen.
  const held = !known && !push ? lastHint : null;
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
      {/* The text is drawn by CSS from the attributes, so it is in no query, search or selection. */}
      {held && (
        <div className="verify-note verify-hint held-hint" aria-hidden="true">
          <p data-text={held} />
          <span className="held-link" data-text={PUSH_HINTS.settings} />
        </div>
      )}
      <ChatChoice
        channel="telegram"
        label="Telegram"
        to={profile?.telegram?.state === 'linked' ? profile.telegram.chatName : undefined}
        known={profile !== null}
        checked={prefs.telegram === true}
        onChange={(telegram) => onChange({ telegram })}
      />
      <ChatChoice
        channel="discord"
        label="Discord"
        to={profile?.discord?.state === 'linked' ? `webhook …${profile.discord.webhookId.slice(-4)}` : undefined}
        known={profile !== null}
        checked={prefs.discord === true}
        onChange={(discord) => onChange({ discord })}
      />
    </fieldset>
  );
}
