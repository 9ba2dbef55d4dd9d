// setWebhook for the bot (https://core.telegram.org/bots/api#setwebhook): where Telegram delivers its
// updates, and the secret it sends with each, which telegramWebhook refuses any request without. The
// token is in the request's path only: nothing here prints it.

/** The updates the bot reads (functions/src/chat/telegramUpdates.ts); Telegram sends no others. */
const ALLOWED_UPDATES = ['message', 'callback_query'];

/** Calls setWebhook; answers the Bot API's answer, or throws its description. */
export async function setTelegramWebhook({ apiBase = 'https://api.telegram.org', token, url, secret }) {
  const res = await fetch(`${apiBase.replace(/\/$/, '')}/bot${token}/setWebhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url, secret_token: secret, allowed_updates: ALLOWED_UPDATES }),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = await res.json().catch(() => ({ ok: false, description: `HTTP ${res.status}, not JSON` }));
  if (!answer.ok) throw new Error(`setWebhook was refused: ${answer.description ?? `HTTP ${res.status}`}`);
  return answer;
}
