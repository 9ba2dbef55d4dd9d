/**
 * Repository for evaluator/levels: the ingest service's summary of the armed levels
 * (levelSummary.ts in the domain), which the scheduled check judges by. The ingest service is its
 * only writer (packages/feed/src/ingest/gcpSinks.ts).
 */
import { levelSummarySchema, type LevelSummary } from '@price-alerts/domain/alerts';
import type { Firestore } from 'firebase-admin/firestore';
import { parseDoc } from './parse';

export const levelsRef = (db: Firestore) => db.collection('evaluator').doc('levels');

/** The summary, or undefined when none is stored or it does not parse (then every read is made). */
export async function getLevelSummary(db: Firestore): Promise<LevelSummary | undefined> {
  return parseDoc(levelSummarySchema, await levelsRef(db).get());
}
