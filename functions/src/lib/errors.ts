/**
 * An error as text, for a log entry or a stored failure: an Error's fields are not enumerable, so a
 * structured entry holding the Error itself would log it as `{}`.
 */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
