/** Reading many documents by reference, a page of users' at once. */
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { chunk } from '../lib/chunk';

/** References read in one call: one round trip for a page of users instead of one each. */
const GET_ALL_LIMIT = 500;

/** `refs` read with getAll, in order, GET_ALL_LIMIT a call (a missing one is a snapshot that does not exist). */
export async function getAllPaged(db: Firestore, refs: readonly DocumentReference[]): Promise<DocumentSnapshot[]> {
  const out: DocumentSnapshot[] = [];
  for (const page of chunk(refs, GET_ALL_LIMIT)) out.push(...(await db.getAll(...page)));
  return out;
}
