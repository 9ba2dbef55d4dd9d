import { TELEGRAM_LINK_CODE_TTL_MS, type TelegramProfile } from '@price-alerts/domain/notify';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ChannelRefusal, MSG_CHANNEL_FAILED, manageTelegram, telegramOpenUrl } from '../../lib/chatChannels';
import { config } from '../../lib/config';
import { FormError, FormNote } from '../../shared/forms';
import { profileAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';
import './ChatSettings.css';

const FAILURE = { failure: (error: unknown) => (error instanceof ChannelRefusal ? error.message : MSG_CHANNEL_FAILED) };

export const TELEGRAM_TEXT = {
  about: 'Alerts set to notify by Telegram come as messages from our bot, with buttons to act on them.',
  waiting: 'Waiting for you to press Start in Telegram…',
  open: 'Open Telegram',
  connected: 'Connected to ',
  another: 'Connect another chat',
  disconnected: 'Telegram disconnected.',
} as const;

/** The profile's link as one comparable value: each snapshot parses it into a new object. */
const linkKey = (telegram: TelegramProfile | undefined) => JSON.stringify(telegram ?? null);

/**
 * Telegram on the Notifications screen. 'Connect Telegram' asks the server for a one-time link and
 * opens it; the bot links the chat when the user presses Start, and the profile (listened to live)
 * then shows the chat's name: nothing here polls. While waiting, the link stays on screen to open
 * again, until its code expires.
 */
export function TelegramSettings() {
  const profile = useAtomValue(profileAtom);
  // Shown as disconnected at once, until the profile's next snapshot says so itself.
  const [dropped, setDropped] = useState<string | null>(null);
  const telegram = dropped !== null && linkKey(profile?.telegram) === dropped ? undefined : profile?.telegram;
  const linked = telegram?.state === 'linked' ? telegram : undefined;
  // The link to open, while the profile's link is as it was when it was asked for: linked or lost
  // since, the profile says so instead.
  const [waiting, setWaiting] = useState<{ url: string; before: string } | null>(null);
  const shownWaiting = waiting && linkKey(telegram) === waiting.before ? waiting.url : null;
  const { error, busy, run } = useSubmit(FAILURE);
  const id = useId();
  const disabled = busy || !profile;

  useEffect(() => {
    if (!waiting) return;
    // Timed from the answer on this device's clock, which may not agree with the server's expiresAt.
    const timer = setTimeout(() => setWaiting(null), TELEGRAM_LINK_CODE_TTL_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  async function connect() {
    await run(async () => {
      // Opened within the tap, before any await: Safari (iOS and macOS) and Firefox block a window
      // opened later, once the tap's activation has lapsed. It is sent to Telegram when the link
      // comes; if the browser blocked it anyway (or the call fails), nothing stays open, and the
      // 'Open Telegram' link below opens it with one more tap, which no browser blocks.
      const tab = window.open('', '_blank');
      try {
        const r = await manageTelegram({ op: 'link' });
        if (r.op !== 'link') return;
        const url = telegramOpenUrl(r.url, config.telegramStandIn);
        setWaiting({ url, before: linkKey(telegram) });
        if (tab && !tab.closed) {
          // The bot's page gets no handle on this one.
          tab.opener = null;
          tab.location.href = url;
        }
      } catch (failure) {
        tab?.close();
        throw failure;
      }
    });
  }

  async function disconnect() {
    const before = linkKey(telegram);
    await run(async () => {
      await manageTelegram({ op: 'disconnect' });
      setDropped(before);
      setWaiting(null);
      toast.success(TELEGRAM_TEXT.disconnected);
    });
  }

  return (
    <section className="card chat-channel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Telegram</h2>
      {shownWaiting ? (
        <>
          {/* Connecting another chat: the linked one keeps working until the new one replaces it. */}
          {linked && (
            <p className="chat-status">
              {TELEGRAM_TEXT.connected}
              <strong>{linked.chatName}</strong>
            </p>
          )}
          <div className="chat-waiting" role="status">
            <p>{TELEGRAM_TEXT.waiting}</p>
            <a className="button button-secondary" href={shownWaiting} target="_blank" rel="noopener noreferrer">
              {TELEGRAM_TEXT.open}
            </a>
          </div>
          <div className="chat-buttons">
            <button type="button" className="button button-ghost" onClick={() => setWaiting(null)}>
              Cancel
            </button>
          </div>
        </>
      ) : linked ? (
        <>
          <p className="chat-status">
            {TELEGRAM_TEXT.connected}
            <strong>{linked.chatName}</strong>
          </p>
          <div className="chat-buttons">
            {/* Linking another chat replaces this one, so a new phone needs no Disconnect first. */}
            <button
              type="button"
              className="button button-secondary"
              disabled={disabled}
              onClick={() => void connect()}
            >
              {TELEGRAM_TEXT.another}
            </button>
            <button type="button" className="button button-ghost" disabled={disabled} onClick={() => void disconnect()}>
              Disconnect
            </button>
          </div>
        </>
      ) : (
        <>
          {telegram?.state === 'lost' ? (
            <FormNote tone="warning" message={telegram.reason} />
          ) : (
            <p className="muted">{TELEGRAM_TEXT.about}</p>
          )}
          <div className="chat-buttons">
            <button type="button" className="button button-primary" disabled={disabled} onClick={() => void connect()}>
              Connect Telegram
            </button>
          </div>
        </>
      )}
      <FormError message={error} />
    </section>
  );
}
