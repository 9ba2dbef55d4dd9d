import { describeIssues } from '@price-alerts/domain/common';
import type { DocumentData, QueryDocumentSnapshot, QuerySnapshot } from 'firebase/firestore';
import type { ZodMiniObject, ZodMiniType, infer as Infer } from 'zod/mini';

export type WithId<T> = T & { id: string };

/**
 * Reads a document's fields through its zod schema. A pending server timestamp reads as the local
 * estimate, so a just-created alert sorts and displays at once instead of as 'Date not available'.
 * A document that fails the schema is reported with its path and left out (undefined) rather than
 * breaking the screen or being shown half-parsed.
 */
export function parseFields<T extends object>(
  schema: ZodMiniType<T>,
  snapshot: QueryDocumentSnapshot<DocumentData>,
): T | undefined {
  const result = schema.safeParse(snapshot.data({ serverTimestamps: 'estimate' }));
  if (!result.success) {
    console.warn(`Skipped invalid document ${snapshot.ref.path}: ${describeIssues(result.error.issues, '(document)')}`);
    return undefined;
  }
  return result.data;
}

/**
 * parseFields for a document of independent settings (the profile): a field that fails its schema
 * is reported with its path and field and read as absent, and the rest are kept. One bad field (an
 * avatar this version does not know) would otherwise hide the name and every other setting.
 */
export function parseEachField<S extends ZodMiniObject>(
  schema: S,
  snapshot: QueryDocumentSnapshot<DocumentData>,
): Infer<S> {
  const data = snapshot.data({ serverTimestamps: 'estimate' });
  const valid: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, ZodMiniType>)) {
    const result = fieldSchema.safeParse(data[field]);
    if (result.success) {
      if (result.data !== undefined) valid[field] = result.data;
    } else {
      console.warn(
        `Skipped invalid field ${snapshot.ref.path}#${field}: ${result.error.issues.map((i) => i.message).join('; ')}`,
      );
    }
  }
  // Each field passed on its own, and the schema has no check across fields: this cannot fail.
  return schema.parse(valid);
}

/** parseFields with the document's id, for documents listed or addressed by id (alerts). */
export function parseSnapshot<T extends object>(
  schema: ZodMiniType<T>,
  snapshot: QueryDocumentSnapshot<DocumentData>,
): WithId<T> | undefined {
  const fields = parseFields(schema, snapshot);
  return fields && { ...fields, id: snapshot.id };
}

export function parseQuery<T extends object>(
  schema: ZodMiniType<T>,
  snapshot: QuerySnapshot<DocumentData>,
): WithId<T>[] {
  return snapshot.docs.map((d) => parseSnapshot(schema, d)).filter((d) => d !== undefined);
}
