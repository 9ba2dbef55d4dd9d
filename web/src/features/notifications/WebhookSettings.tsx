import {
  parseWebhookUrl,
  testAnswerText,
  type WebhookRequest,
  type WebhookResponse,
} from '@price-alerts/domain/notify';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { config } from '../../lib/config';
import { MSG_WEBHOOK_FAILED, WebhookRefusal, manageWebhook } from '../../lib/webhooks';
import { FormError, FormNote, TextField } from '../../shared/forms';
import { profileAtom } from '../../shared/session';
import { useSubmit } from '../../shared/useSubmit';

const FAILURE = { failure: (error: unknown) => (error instanceof WebhookRefusal ? error.message : MSG_WEBHOOK_FAILED) };

/**
 * The webhook on the Notifications screen: one URL per account that every firing and expiry is
 * POSTed to, signed with a secret shown once (here, right after it is made). The URL is checked
 * here as far as text can tell and by the server for good; nothing is stored when it refuses.
 */
export function WebhookSettings() {
  const profile = useAtomValue(profileAtom);
  const webhook = profile?.webhook;
  const [url, setUrl] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const { error, busy, run } = useSubmit(FAILURE);
  const id = useId();
  const shown = url ?? webhook?.url ?? '';
  const disabled = busy || !profile;

  async function call(request: WebhookRequest, after: (response: WebhookResponse) => void) {
    setNote(null);
    await run(async () => after(await manageWebhook(request)));
  }

  async function save(holdInQuietHours = webhook?.holdInQuietHours ?? false) {
    const checked = parseWebhookUrl(shown, config.useEmulators);
    setFieldError('error' in checked ? checked.error : null);
    if ('error' in checked) return;
    await call({ op: 'save', url: checked.url, holdInQuietHours }, (r) => {
      setUrl(null);
      if (r.op === 'save' && r.secret) setSecret(r.secret);
      setNote(webhook ? 'Webhook saved.' : null);
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
        {(!webhook || (url !== null && url !== webhook.url)) && (
          <button type="button" className="button" disabled={disabled} onClick={() => void save()}>
            {webhook ? 'Save webhook' : 'Add webhook'}
          </button>
        )}
        {webhook && (
          <>
            <button
              type="button"
              className="button button-secondary"
              disabled={disabled}
              onClick={() =>
                void call({ op: 'test' }, (r) => {
                  if (r.op === 'test') setNote(testAnswerText(r));
                })
              }
            >
              Send a test
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={disabled}
              onClick={() =>
                void call({ op: 'rotate' }, (r) => {
                  if (r.op === 'rotate') setSecret(r.secret);
                })
              }
            >
              New secret
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={disabled}
              onClick={() =>
                void call({ op: 'remove' }, () => {
                  setSecret(null);
                  setUrl(null);
                  setNote('Webhook removed.');
                })
              }
            >
              Remove
            </button>
          </>
        )}
      </div>
      {secret && (
        <div className="webhook-secret" role="status">
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
      {webhook && !secret && <p className="muted">Signed with the secret ending in {webhook.secretHint}.</p>}
      {webhook && (
        <label className="check-field">
          <input
            type="checkbox"
            checked={webhook.holdInQuietHours}
            disabled={disabled}
            onChange={(e) => void save(e.target.checked)}
          />
          <span>Hold during quiet hours</span>
        </label>
      )}
      <FormError message={error} />
      <FormNote message={note} />
    </section>
  );
}
