/** What is stored: one zod schema per document, and every Firestore query, declared as data. */
export * from './schemas.ts';
export * from './priceHistory.ts';
export * from './appAlerts.ts';
export * from './queries.ts';
