import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { recordAlertWrite } from '../history/alertWrites';
import { db } from '../lib/firebase';

/**
 * Every write to an alert: the user's own changes go into its history, a delete takes the history
 * with it. One invocation per alert write; the server's writes end it without a read.
 */
export const recordAlertHistory = onDocumentWritten('users/{uid}/alerts/{alertId}', async (event) => {
  await recordAlertWrite(db, event.data?.before, event.data?.after, Date.parse(event.time));
});
