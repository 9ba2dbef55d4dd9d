/** Email through SendGrid's v3 API with @sendgrid/mail; `baseUrl` points it at the local sink on the emulators. */
import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import { ProviderError, type EmailProvider } from './providers';

export function sendgridProvider({ apiKey, baseUrl }: { apiKey: string; baseUrl?: string }): EmailProvider {
  const client = new Client();
  client.setApiKey(apiKey);
  // setApiKey picks SendGrid's host, so the override comes after it.
  if (baseUrl) client.setDefaultRequest('baseUrl', baseUrl);
  const mail = new MailService();
  mail.setClient(client);
  mail.setTimeout(10_000);
  return {
    async send(message) {
      try {
        await mail.send(message);
      } catch (error) {
        const e = error as { code?: unknown; message?: string; response?: { body?: unknown } };
        const status = typeof e.code === 'number' ? e.code : undefined;
        const detail = JSON.stringify(e.response?.body ?? '') ?? '';
        // No status means the request never got an answer (network, timeout): worth retrying.
        const retryable = status === undefined || status >= 500 || status === 429;
        throw new ProviderError(
          `SendGrid ${status ?? 'request failed'}: ${e.message ?? 'unknown error'} ${detail}`.trim(),
          retryable,
        );
      }
    },
  };
}
