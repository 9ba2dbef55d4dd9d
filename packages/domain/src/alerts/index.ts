/** Alerts: their model, lists, changes, display, the form draft and its validation, when a price fires one (crossing, levels), and their history. */
export * from './draft.ts';
export * from './validation.ts';
export * from './alertLists.ts';
export * from './level.ts';
export * from './alertModel.ts';
export * from './history.ts';
export * from './crossing.ts';
export * from './sortedLevels.ts';
export * from './levelIndex.ts';
export * from './levelSummary.ts';
export * from './alertChanges.ts';
export * from './alertDisplay.ts';
export * from './moveRules.ts';
export * from './moveIndex.ts';
export * from './moveSummary.ts';
export * from './alertKinds.ts';
export * from './moveDisplay.ts';
