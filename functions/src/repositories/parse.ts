import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { ZodMiniType } from 'zod/mini';
import * as logs from '../logs';

/** Reads a document through its schema; an invalid one is logged with its path and skipped. */
export function parseDoc<T extends object>(
  schema: ZodMiniType<T>,
  snapshot: DocumentSnapshot,
): (T & { id: string }) | undefined {
  if (!snapshot.exists) return undefined;
  const result = schema.safeParse(snapshot.data());
  if (!result.success) {
    logs.invalidDocumentSkipped(snapshot.ref.path, result.error.issues);
    return undefined;
  }
  return { ...result.data, id: snapshot.id };
}
