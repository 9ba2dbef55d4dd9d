/** The production (or emulator) sender: real providers chosen from params and the environment. */
import { randomUUID } from 'node:crypto';
import { auth, db, messaging } from '../lib/firebase';
import { signerFor } from '../actions/links';
import {
  ACTION_SIGNING_KEY,
  APP_URL,
  MAIL_FROM,
  SENDGRID_API_KEY,
  SENDGRID_BASE_URL,
  TELEGRAM_API_BASE,
  TELEGRAM_BOT_TOKEN,
  localWebhookSink,
  onEmulator,
} from '../lib/params';
import { httpWebhookProvider } from '../webhooks/provider';
import { chatDeps } from './chatWiring';
import { fcmProvider, localPushProvider } from './fcm';
import { firebaseRecipients } from './recipients';
import type { SenderDeps } from './sender';
import { sendgridProvider } from './sendgrid';

/** One per instance; the owner id tells leases of different instances apart. */
let deps: SenderDeps | undefined;

export function senderDeps(): SenderDeps {
  deps ??= {
    db,
    owner: `sender-${randomUUID().slice(0, 8)}`,
    email: sendgridProvider({ apiKey: SENDGRID_API_KEY.value(), baseUrl: SENDGRID_BASE_URL.value() || undefined }),
    push: onEmulator() ? localPushProvider(db) : fcmProvider(messaging()),
    recipients: firebaseRecipients(db, auth),
    mailFrom: MAIL_FROM.value(),
    appUrl: APP_URL.value(),
    signAction: signerFor(ACTION_SIGNING_KEY.value()),
    webhook: httpWebhookProvider(db, localWebhookSink()),
    chat: chatDeps(db, { telegramToken: TELEGRAM_BOT_TOKEN.value(), telegramBase: TELEGRAM_API_BASE.value() }),
  };
  return deps;
}
