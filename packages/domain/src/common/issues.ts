/** The part of a zod issue a message needs; both zod builds' issues have it. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * One line naming each problem and where it is, for a caller or a log: `token: Invalid input:
 * expected string, received undefined`. A problem with the whole value (an unknown key, a value
 * that is not an object) is named by `whole`.
 */
export function describeIssues(issues: readonly IssueLike[], whole = '(request)'): string {
  return issues.map((i) => `${i.path.map(String).join('.') || whole}: ${i.message}`).join('; ');
}
