// The sender as the tests wire it: the real SendGrid client against a local mail sink, FCM faked at
// its SDK boundary, recipients from the emulators, and a clock the test moves.
import type { ActionSigner } from '../actions/links';
import type { SendEach } from '../notify/fcm';
import { fcmProvider } from '../notify/fcm';
import { firebaseRecipients } from '../notify/recipients';
import type { SenderDeps } from '../notify/sender';
import { sendgridProvider } from '../notify/sendgrid';
import type { TestApp } from './emulatorApp';

export function testSender(
  t: TestApp,
  {
    sinkUrl,
    fcm,
    owner,
    now,
    signAction,
  }: { sinkUrl: string; fcm: SendEach; owner: string; now: () => number; signAction?: ActionSigner },
): SenderDeps {
  return {
    db: t.db,
    owner,
    email: sendgridProvider({ apiKey: 'SG.test', baseUrl: sinkUrl }),
    push: fcmProvider(fcm),
    recipients: firebaseRecipients(t.db, t.auth),
    mailFrom: 'Price Alerts <alerts@price-alerts.test>',
    appUrl: 'http://app.test',
    now,
    // No jitter: retry times are exact.
    random: () => 0,
    ...(signAction ? { signAction } : {}),
  };
}
