import type { QueryShape } from './queryShape.ts';

/** The sender's queries: deliveries and digests due, a user's open digests, the local push channel. */

/** The delivery sweeper: open deliveries whose next look is due (an expired lease, a retry, an orphan). */
export const DUE_DELIVERIES_QUERY = {
  name: 'deliveries due for sending',
  collectionGroup: 'deliveries',
  scope: 'COLLECTION',
  filters: [{ field: 'dueAt', op: '<=' }],
  orderBy: [{ field: 'dueAt', direction: 'asc' }],
  limit: 500,
} as const satisfies QueryShape;

/**
 * Quiet hours: a user's open digests (one, but for a race the sender resolves): where a held
 * notification goes, and what is rescheduled when the settings change.
 */
export const USER_OPEN_DIGESTS_QUERY = {
  name: "a user's open digests",
  collectionGroup: 'digests',
  scope: 'COLLECTION',
  filters: [
    { field: 'userId', op: '==' },
    { field: 'open', op: '==' },
  ],
  orderBy: [],
  limit: 10,
} as const satisfies QueryShape;

/** Digests whose quiet hours ended, retries that came due, and ones a dead sender left. */
export const DUE_DIGESTS_QUERY = {
  name: 'digests due for sending',
  collectionGroup: 'digests',
  scope: 'COLLECTION',
  filters: [{ field: 'dueAt', op: '<=' }],
  orderBy: [{ field: 'dueAt', direction: 'asc' }],
  limit: 100,
} as const satisfies QueryShape;

/** Emulators only: the messages the local push channel wrote for this device's token. */
export const LOCAL_PUSHES_QUERY = {
  name: 'local pushes for one device',
  collectionGroup: 'localPush',
  scope: 'COLLECTION',
  filters: [{ field: 'token', op: '==' }],
  orderBy: [],
} as const satisfies QueryShape;
