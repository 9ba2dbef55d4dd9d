import { z } from 'zod/mini';
import { keep, readKept } from './keptInStorage';
import { LAST_LIST_HEIGHTS_KEY } from './lastGreeting';

export type ListTab = 'active' | 'previous';

// A list of the dashboard's cap, with its 'See all', is well under this; anything else there is ignored.
const height = z.int().check(z.gte(0), z.lte(4000));

/** Each list's height as the dashboard last showed it to this user (shared/firstPaint/lastGreeting.ts). */
const listHeightsSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  active: z.optional(height),
  previous: z.optional(height),
});

type ListHeights = z.infer<typeof listHeightsSchema>;

/** The heights kept for this user, if storage holds valid ones. */
export function readListHeights(uid: string): ListHeights | null {
  const kept = readKept(LAST_LIST_HEIGHTS_KEY, listHeightsSchema);
  return kept?.uid === uid ? kept : null;
}

/** Not kept (storage refused): the next load shows three skeleton rows, as on a new device. */
export function rememberListHeight(uid: string, tab: ListTab, px: number): void {
  const value = Math.round(px);
  if (!height.safeParse(value).success) return;
  keep(LAST_LIST_HEIGHTS_KEY, { ...(readListHeights(uid) ?? { uid }), [tab]: value });
}
