import { appConfig } from './appConfig';

/** Checked when the app was built (vite.config.ts), so a bad environment never reaches a browser. */
export const config = appConfig(import.meta.env);
