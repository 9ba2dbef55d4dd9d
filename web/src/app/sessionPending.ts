import { createContext } from 'react';

/**
 * True under the signed-in layout while auth has not answered yet (RequireAuth): a screen then shows
 * its Pending export, if it has one (router.tsx), else the spec's spinner.
 */
export const SessionPendingContext = createContext(false);
