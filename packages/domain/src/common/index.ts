/** What every part shares: the pairs and their formats, dates and time zones, zod, how an issue reads. */
export * from './constants.ts';
export * from './device.ts';
export * from './dates.ts';
export * from './issues.ts';
export * from './timeZones.ts';
