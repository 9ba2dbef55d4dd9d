/** Acting on a fired alert from its push or email: the actions, the signed token that carries one, and their words. */
export * from './actions.ts';
export * from './actionToken.ts';
export * from './actionWords.ts';
