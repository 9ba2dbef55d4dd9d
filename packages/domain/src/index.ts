export * from './constants.ts';
export * from './dates.ts';
export * from './schemas.ts';
export * from './validation.ts';
export * from './names.ts';
export * from './queries.ts';
export * from './tokens.ts';
export * from './push.ts';
