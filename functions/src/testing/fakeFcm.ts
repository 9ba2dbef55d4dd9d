// A typed fake of the Admin SDK's Messaging.sendEach: FCM's servers cannot run here.
import type { FirebaseError } from 'firebase-admin/app';
import type { BatchResponse, TokenMessage } from 'firebase-admin/messaging';
import type { SendEach } from '../notify/fcm';

export interface FakeFcm extends SendEach {
  sent: TokenMessage[];
  /** Per token: an FCM error code to answer with; absent tokens succeed. */
  errors: Map<string, string>;
  /** When set, the whole call fails (FCM unreachable). */
  down?: Error;
}

const firebaseError = (code: string): FirebaseError => ({
  code,
  name: 'FirebaseMessagingError',
  message: `Fake FCM: ${code}`,
  hasCode: (c: string) => c === code,
  toJSON: () => ({ code, message: `Fake FCM: ${code}` }),
});

export function fakeFcm(): FakeFcm {
  const fake: FakeFcm = {
    sent: [],
    errors: new Map(),
    async sendEach(messages) {
      if (fake.down) throw fake.down;
      const responses = messages.map((m) => {
        const token = (m as TokenMessage).token;
        const code = fake.errors.get(token);
        if (code) return { success: false, error: firebaseError(code) };
        fake.sent.push(m as TokenMessage);
        return { success: true, messageId: `projects/demo/messages/${fake.sent.length}` };
      });
      const successCount = responses.filter((r) => r.success).length;
      return { responses, successCount, failureCount: responses.length - successCount } satisfies BatchResponse;
    },
  };
  return fake;
}
