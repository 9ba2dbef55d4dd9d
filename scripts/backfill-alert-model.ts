// One-off, after deploying the alert model (price sides, repeating alerts): gives every alert stored
// before it `priceSide: 'ask'` and `armed: true`, so the evaluators' queries find it. Runs with the
// Admin SDK's default credentials:
//   GOOGLE_CLOUD_PROJECT=<project> npx tsx scripts/backfill-alert-model.ts
// Safe to run again: it only writes alerts missing a field.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillAlertModel } from '../functions/src/maintenance/backfillAlertModel';

const projectId = process.env.GOOGLE_CLOUD_PROJECT;
if (!projectId) throw new Error('Set GOOGLE_CLOUD_PROJECT to the project whose alerts to backfill.');
const result = await backfillAlertModel(getFirestore(initializeApp({ projectId })));
console.log(`Alert model: ${result.alerts} alerts, ${result.updated} written.`);
