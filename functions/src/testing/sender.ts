// The sender as the tests wire it: the real SendGrid client against a local mail sink, FCM faked at
// its SDK boundary, recipients from the emulators, and a clock the test moves.
import type { ActionSigner } from '../actions/links';
import type { SendEach } from '../notify/fcm';
import { fcmProvider } from '../notify/fcm';
import { firebaseRecipients } from '../notify/recipients';
import type { SenderDeps } from '../notify/sender';
import type { ChatDeps } from '../notify/chatChannel';
import { sendgridProvider } from '../notify/sendgrid';
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { clearFirestoreProject } from '../../../tests/emulator/firestore-emulator';
import { testApp, verifiedUsers, type TestApp } from './emulatorApp';

export function testSender(
  t: TestApp,
  {
    sinkUrl,
    fcm,
    owner,
    now,
    signAction,
    chat,
  }: {
    sinkUrl: string;
    fcm: SendEach;
    owner: string;
    now: () => number;
    signAction?: ActionSigner;
    chat?: ChatDeps;
  },
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
    ...(chat ? { chat } : {}),
  };
}

/**
 * A suite's emulator app, a local mail sink emptied before each test with the project's documents,
 * and accounts of `names` with verified addresses; read them from the returned object once its
 * beforeAll has run.
 */
export function mailSuite(project: string, names: readonly string[]): { t: TestApp; sink: MailSink; users: string[] } {
  const suite = {} as { t: TestApp; sink: MailSink; users: string[] };
  beforeAll(async () => {
    suite.t = await testApp(project);
    suite.sink = await startMailSink();
    suite.users = await verifiedUsers(suite.t.auth, names);
  });
  afterAll(async () => {
    await suite.sink.close();
    await suite.t.close();
  });
  beforeEach(async () => {
    await clearFirestoreProject(project);
    await fetch(`${suite.sink.url}/api/mails`, { method: 'DELETE' });
  });
  return suite;
}
