// One-off, after deploying the rules with the 200-alert cap: gives every existing account its alert
// counter (users/{uid}/counters/alerts). Runs with the Admin SDK's default credentials:
//   GOOGLE_CLOUD_PROJECT=<project> npx tsx scripts/backfill-alert-counters.ts
// Safe to run again: it only writes counters that differ from the alerts held.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { backfillAlertCounters } from '../functions/src/maintenance/backfillAlertCounters';

const projectId = process.env.GOOGLE_CLOUD_PROJECT;
if (!projectId) throw new Error('Set GOOGLE_CLOUD_PROJECT to the project whose counters to backfill.');
const result = await backfillAlertCounters(getFirestore(initializeApp({ projectId })));
console.log(`Alert counters: ${result.accounts} accounts, ${result.updated} written.`);
