import { z } from 'zod';
import { LAST_LIST_HEIGHTS_KEY } from '../../shared/lastGreeting';

export type ListTab = 'active' | 'previous';

// A list of the dashboard's cap, with its 'See all', is well under this; anything else there is ignored.
const height = z.number().int().min(0).max(4000);

/** Each list's height as the dashboard last showed it to this user (shared/lastGreeting.ts). */
const listHeightsSchema = z.object({
  uid: z.string().min(1),
  active: height.optional(),
  previous: height.optional(),
});

type ListHeights = z.infer<typeof listHeightsSchema>;

/** The heights kept for this user, if storage holds valid ones (localStorage may be refused). */
export function readListHeights(uid: string): ListHeights | null {
  try {
    const raw = localStorage.getItem(LAST_LIST_HEIGHTS_KEY);
    if (raw === null) return null;
    const parsed = listHeightsSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.uid === uid ? parsed.data : null;
  } catch {
    return null;
  }
}

export function rememberListHeight(uid: string, tab: ListTab, px: number): void {
  const value = Math.round(px);
  if (!height.safeParse(value).success) return;
  try {
    const kept = readListHeights(uid) ?? { uid };
    if (kept[tab] === value) return;
    localStorage.setItem(LAST_LIST_HEIGHTS_KEY, JSON.stringify({ ...kept, [tab]: value }));
  } catch {
    // Not remembered: the next load shows three skeleton rows, as on a new device.
  }
}
