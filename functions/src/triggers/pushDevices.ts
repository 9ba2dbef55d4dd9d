import { onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { db } from '../lib/firebase';
import { rebuildDevices } from '../repositories/pushTokens';

/**
 * A deleted device (the owner signing out, the sender forgetting a dead token, the registration's
 * cap) leaves pushDevices/{uid}, which the sender reads, within a moment. Registration keeps it in
 * its own transaction, so only deletions run here: a few per user, never on a timer.
 */
export const syncPushDevices = onDocumentDeleted(
  // Retried until it succeeds: a copy left with a device the user turned off would go on pushing to it.
  { document: 'users/{uid}/pushTokens/{tokenId}', retry: true },
  async (event) => {
    await rebuildDevices(db, event.params.uid);
  },
);
