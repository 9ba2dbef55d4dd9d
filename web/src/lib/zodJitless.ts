/**
 * Imported first by the app and the service worker. Zod compiles fast parsers with `new Function`
 * when it may, and finds out by trying it: under the Content-Security-Policy (no 'unsafe-eval') that
 * probe is reported as a violation even though zod catches it. Jitless zod never probes.
 *
 * This is zod's `config({ jitless: true })` without importing zod: zod keeps its settings in one
 * object on globalThis, shared by every copy of it (v4/core/core.js creates it if it is not there
 * yet), so it is set there, in place, whether zod has loaded or not. Importing zod's config instead
 * would put zod's core in the app's first download, where nothing parses (zodJitless.test.ts checks
 * that zod reads the setting).
 */
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;

export {};
