import { emptyDraft } from '@price-alerts/domain/alerts';
import { draftSchema, type Draft } from '@price-alerts/domain/store';
import { atom } from 'jotai';
import { PAGE_ID, takeReturnReload } from '../lib/returnReload';

/** The create screen's draft as it was when its page was left for another (lib/returnReload.ts). */
const LEFT_KEY = 'price-alerts:draft-left';
const CREATE_PATH = '/create_alert';

/**
 * Keeps the draft in this tab's storage as the create screen's page is left for another, while the
 * browser keeps that page to come back to (its back/forward cache): a return to it loads it afresh
 * (lib/firebase.ts), and the draft comes back with it.
 */
export function keepDraftOnLeave(draft: Draft): void {
  try {
    sessionStorage.setItem(LEFT_KEY, JSON.stringify({ page: PAGE_ID, draft }));
  } catch {
    // Storage refused: a return starts the form afresh.
  }
}

/**
 * The draft a return to the create screen puts back, if this page was loaded by one: the draft that
 * very page kept as it was left. Kept by another page, it stays for that page's return.
 */
function draftOnReturn(): Draft | null {
  if (typeof window === 'undefined' || window.location.pathname !== CREATE_PATH) return null;
  try {
    const page = takeReturnReload(CREATE_PATH);
    const raw = sessionStorage.getItem(LEFT_KEY);
    if (page === null || raw === null) return null;
    const kept: unknown = JSON.parse(raw);
    if (typeof kept !== 'object' || kept === null || (kept as { page?: unknown }).page !== page) return null;
    sessionStorage.removeItem(LEFT_KEY);
    const parsed = draftSchema.safeParse((kept as { draft?: unknown }).draft);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The spec's new-alert draft; reset after creation and when the create screen is left within the
 * app. Shared: the dashboard's top pairs start a draft on the pair tapped, and the create screen edits
 * it. A page the browser brings back from its back/forward cache, loaded afresh, starts with the draft
 * it had.
 */
export const draftAtom = atom<Draft>(draftOnReturn() ?? emptyDraft());
