import { emptyDraft, type Draft } from '@price-alerts/domain';
import { atom } from 'jotai';

/** The new-alert draft (spec section 3); reset after creation and when the create screen is left. */
export const draftAtom = atom<Draft>(emptyDraft());
