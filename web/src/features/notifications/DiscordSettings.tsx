import { MSG_DISCORD_URL, discordWebhookUrl, type DiscordProfile } from '@price-alerts/domain/notify';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ChannelRefusal, MSG_CHANNEL_FAILED, manageDiscord } from '../../lib/chatChannels';
import { config } from '../../lib/config';
import { FormError, FormNote, TextField } from '../../shared/forms';
import { profileAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';
import './ChatSettings.css';

const FAILURE = { failure: (error: unknown) => (error instanceof ChannelRefusal ? error.message : MSG_CHANNEL_FAILED) };

export const DISCORD_TEXT = {
  about: 'Alerts set to notify by Discord post in a channel of your server, through a webhook you make there.',
  connected: (webhookId: string) => `Connected (webhook …${webhookId.slice(-4)})`,
  saved: 'Discord webhook saved.',
  removed: 'Discord webhook removed.',
  tested: 'Test sent: look in your Discord channel.',
} as const;

/**
 * On the emulators a webhook of the Discord stand-in is on this machine; its port is the server's to
 * judge (functions/.env.local), so here any loopback origin passes the check of the rest of the URL.
 */
function standInOrigin(typed: string): string | undefined {
  if (!config.useEmulators) return undefined;
  const origin = URL.parse(typed.trim())?.origin;
  return origin && /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin) ? origin : undefined;
}

/**
 * Discord on the Notifications screen: the user pastes a webhook URL from their server, and the server
 * keeps it (it holds Discord's token), so this shows only the webhook's id. The URL is checked here as
 * far as text can tell and by the server for good; a refusal is said under the field, and what was
 * typed stays in it.
 */
export function DiscordSettings() {
  const profile = useAtomValue(profileAtom);
  // What the server answered (null: removed), shown until the profile's next snapshot brings it.
  const [answer, setAnswer] = useState<{ discord: DiscordProfile | null; before: DiscordProfile | undefined } | null>(
    null,
  );
  const discord = answer && profile?.discord === answer.before ? (answer.discord ?? undefined) : profile?.discord;
  const answered = (next: DiscordProfile | null) => setAnswer({ discord: next, before: profile?.discord });
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { error, setError, busy, run } = useSubmit(FAILURE);
  const id = useId();
  const disabled = busy || !profile;

  async function save() {
    const checked = discordWebhookUrl(url, standInOrigin(url));
    if (!checked) {
      setFieldError(MSG_DISCORD_URL);
      return;
    }
    setNote(null);
    await run(async () => {
      try {
        const r = await manageDiscord({ op: 'save', url: checked });
        if (r.op !== 'save') return;
        answered({ state: 'linked', webhookId: r.webhookId, since: Date.now() });
        setUrl('');
        toast.success(DISCORD_TEXT.saved);
      } catch (refused) {
        // The server's refusal of the URL belongs to the field; a connection's failure to the card.
        if (!(refused instanceof ChannelRefusal)) throw refused;
        setFieldError(refused.message);
      }
    });
  }

  async function test() {
    setNote(null);
    await run(async () => {
      const r = await manageDiscord({ op: 'test' });
      if (r.op !== 'test') return;
      if (r.sent) setNote(DISCORD_TEXT.tested);
      else setError(r.error);
    });
  }

  async function remove() {
    setNote(null);
    await run(async () => {
      await manageDiscord({ op: 'remove' });
      answered(null);
      toast.success(DISCORD_TEXT.removed);
    });
  }

  const linked = discord?.state === 'linked' ? discord : undefined;
  return (
    <section className="card chat-channel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Discord</h2>
      {linked ? (
        <>
          <p className="chat-status">{DISCORD_TEXT.connected(linked.webhookId)}</p>
          <div className="chat-buttons">
            <button type="button" className="button button-secondary" disabled={disabled} onClick={() => void test()}>
              Send a test
            </button>
            <button type="button" className="button button-ghost" disabled={disabled} onClick={() => void remove()}>
              Remove
            </button>
          </div>
        </>
      ) : (
        <>
          {discord?.state === 'lost' ? (
            <FormNote tone="warning" message={discord.reason} />
          ) : (
            <p className="muted">{DISCORD_TEXT.about}</p>
          )}
          <form
            className="chat-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <TextField
              label="Discord webhook URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://discord.com/api/webhooks/…"
              value={url}
              disabled={disabled}
              error={fieldError}
              onValue={(value) => {
                setUrl(value);
                setFieldError(null);
              }}
            />
            <div className="chat-buttons">
              <button type="submit" className="button button-primary" disabled={disabled}>
                Save
              </button>
            </div>
          </form>
        </>
      )}
      <FormError message={error} />
      <FormNote message={note} />
    </section>
  );
}
