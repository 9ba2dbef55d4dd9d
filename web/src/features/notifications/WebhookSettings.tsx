import {
  parseWebhookUrl,
  testAnswerText,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookSettings as Settings,
} from '@price-alerts/domain/notify';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { config } from '../../lib/config';
import { MSG_WEBHOOK_FAILED, WebhookRefusal, manageWebhook } from '../../lib/webhooks';
import { FormError, FormNote, TextField } from '../../shared/forms';
import { profileAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';

const FAILURE = { failure: (error: unknown) => (error instanceof WebhookRefusal ? error.message : MSG_WEBHOOK_FAILED) };

/** What 'New secret' and 'Remove' ask before they act: both stop the receiver's checks at once. */
export const CONFIRM = {
  rotate: 'Make a new secret? Notices are signed with it at once, so your receiver needs it right away.',
  remove: 'Remove the webhook? Nothing more is sent to it, and its secret is deleted.',
} as const;

/**
 * The webhook on the Notifications screen: one URL per account that every firing and expiry is
 * POSTed to, signed with a secret shown once (here, right after it is made). The URL is checked
 * here as far as text can tell and by the server for good; nothing is stored when it refuses, and
 * what was typed stays in the field.
 */
export function WebhookSettings() {
  const profile = useAtomValue(profileAtom);
  // What the server answered (null: removed), shown until the profile's next snapshot brings it.
  const [answer, setAnswer] = useState<{ webhook: Settings | null; before: Settings | undefined } | null>(null);
  const webhook = answer && profile?.webhook === answer.before ? (answer.webhook ?? undefined) : profile?.webhook;
  const setAnswered = (next: Settings | null) => setAnswer({ webhook: next, before: profile?.webhook });
  const [url, setUrl] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [asking, setAsking] = useState<keyof typeof CONFIRM | null>(null);
  const { error, busy, run } = useSubmit(FAILURE);
  const id = useId();
  const shown = url ?? webhook?.url ?? '';
  const edited = url !== null && url !== (webhook?.url ?? '');
  const disabled = busy || !profile;
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error || note || secret) answerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error, note, secret]);

  async function call(request: WebhookRequest, after: (response: WebhookResponse) => void) {
    setNote(null);
    setAsking(null);
    await run(async () => after(await manageWebhook(request)));
  }

  async function save(typed: string, holdInQuietHours: boolean) {
    const checked = parseWebhookUrl(typed, config.webhookSink);
    setFieldError('error' in checked ? checked.error : null);
    if ('error' in checked) return;
    await call({ op: 'save', url: checked.url, holdInQuietHours }, (r) => {
      if (r.op !== 'save') return;
      setAnswered(r.webhook);
      setUrl(null);
      if (r.secret) setSecret(r.secret);
      else setNote('Webhook saved.');
    });
  }

  return (
    <section className="card webhook" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Webhook</h2>
      <p className="muted">Every firing and expiry, POSTed as signed JSON to your server, bot or chat.</p>
      <TextField
        label="Webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/hooks/alerts"
        value={shown}
        disabled={disabled}
        error={fieldError}
        onValue={(value) => {
          setUrl(value);
          setFieldError(null);
        }}
      />
      <div className="webhook-buttons">
        {(!webhook || edited) && (
          <button
            type="button"
            className="button button-primary"
            disabled={disabled}
            onClick={() => void save(shown, webhook?.holdInQuietHours ?? false)}
          >
            {webhook ? 'Save webhook' : 'Add webhook'}
          </button>
        )}
        {webhook && (
          <>
            <button
              type="button"
              className="button button-secondary"
              // A test goes to the saved address: one being edited is saved first.
              disabled={disabled || edited}
              onClick={() => void call({ op: 'test' }, (r) => r.op === 'test' && setNote(testAnswerText(r)))}
            >
              Send a test
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={disabled}
              onClick={() => setAsking('rotate')}
            >
              New secret
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={disabled}
              onClick={() => setAsking('remove')}
            >
              Remove
            </button>
          </>
        )}
      </div>
      {asking && (
        <div className="webhook-confirm" role="group" aria-label="Confirm">
          <p>{CONFIRM[asking]}</p>
          <button
            type="button"
            className={asking === 'rotate' ? 'button button-primary' : 'button button-danger'}
            disabled={disabled}
            onClick={() =>
              asking === 'rotate'
                ? void call({ op: 'rotate' }, (r) => {
                    if (r.op !== 'rotate') return;
                    setAnswered(r.webhook);
                    setSecret(r.secret);
                  })
                : void call({ op: 'remove' }, () => {
                    setAnswered(null);
                    setSecret(null);
                    setUrl(null);
                    setNote('Webhook removed.');
                  })
            }
          >
            {asking === 'rotate' ? 'Make a new secret' : 'Remove webhook'}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </div>
      )}
      {/* Right under the buttons, and scrolled to: on a phone the card's end is below the fold. */}
      <div ref={answerRef}>
        <FormError message={error} />
        <FormNote message={note} />
        {secret && (
          // No live region: a screen reader would read the secret aloud to the room.
          <div className="webhook-secret">
            <p>
              <strong>Your signing secret.</strong> Copy it to your receiver now: it is not shown again.
            </p>
            <code>{secret}</code>
            <button
              type="button"
              className="button button-ghost"
              onClick={() => void navigator.clipboard?.writeText(secret)}
            >
              Copy
            </button>
          </div>
        )}
      </div>
      {webhook && !secret && <p className="muted">Signed with the secret ending in {webhook.secretHint}.</p>}
      {webhook && (
        <label className="check-field">
          <input
            type="checkbox"
            checked={webhook.holdInQuietHours}
            disabled={disabled}
            onChange={(e) => void save(webhook.url, e.target.checked)}
          />
          <span>Hold during quiet hours</span>
        </label>
      )}
    </section>
  );
}
