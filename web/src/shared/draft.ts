import { emptyDraft } from '@price-alerts/domain/alerts';
import type { Draft } from '@price-alerts/domain/store';
import { atom } from 'jotai';

/**
 * The spec's new-alert draft; reset after creation and when the create screen is left.
 * Shared: the dashboard's top pairs start a draft on the pair tapped, and the create screen edits it.
 */
export const draftAtom = atom<Draft>(emptyDraft());
