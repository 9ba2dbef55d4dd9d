// Writes a week of demo chart history (demoHistory.ts) to priceHistory/{symbol} in the Firestore
// emulator, where the ingest service reads what its last graceful stop wrote. It replaces whatever
// history the imported demo data held, which dates from its export and would sit a gap away from the
// live ticks.
//
// The local stack starts it with --on-cue beside the emulators (scripts/lib/demo-history.mjs): it loads
// its modules, most of its time, while they start, then waits for a line on stdin before it makes and
// writes the history, so the start pays only for that. Its stdin closed without a line ends it unwritten.
import { describeIssues, pairToSymbol } from '@price-alerts/domain/common';
import { priceHistoryDocument, priceHistoryDocumentSchema } from '@price-alerts/domain/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { demoHistory } from './demoHistory.ts';

const projectId = process.env.GOOGLE_CLOUD_PROJECT ?? '';
// Made-up prices must never become a real deployment's charts: only an emulator's demo project.
if (!process.env.FIRESTORE_EMULATOR_HOST || !projectId.startsWith('demo-')) {
  console.error('Writes only to the Firestore emulator: set FIRESTORE_EMULATOR_HOST and a demo- GOOGLE_CLOUD_PROJECT.');
  process.exit(2);
}

function cue(): Promise<boolean> {
  return new Promise((resolve) => {
    process.stdin.once('data', () => {
      process.stdin.destroy();
      resolve(true);
    });
    process.stdin.once('end', () => resolve(false));
  });
}

if (process.argv.includes('--on-cue') && !(await cue())) process.exit(0);

// The history ends now, when the simulator starts, so its first ticks continue the chart.
const started = performance.now();
const now = Date.now();
const documents = demoHistory({ now }).map((history) => {
  const document = priceHistoryDocument(history, now);
  // As the ingest checks what it writes (gcpSinks.ts): one that would not parse back is no history.
  const checked = priceHistoryDocumentSchema.safeParse(document);
  if (!checked.success) throw new Error(`${history.pair}: ${describeIssues(checked.error.issues)}`);
  return { id: pairToSymbol(history.pair), document };
});
const made = performance.now();

const app = initializeApp({ projectId }, 'demo-history');
try {
  const db = getFirestore(app);
  const batch = db.batch();
  for (const { id, document } of documents) batch.set(db.doc(`priceHistory/${id}`), document);
  await batch.commit();
} finally {
  await deleteApp(app);
}
const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
console.log(
  `Wrote a week of chart history for ${documents.length} pairs ` +
    `(made in ${ms(started, made)}, written in ${ms(made, performance.now())}).`,
);
