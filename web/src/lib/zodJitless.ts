/**
 * Imported first by the app and the service worker. Zod compiles fast parsers with `new Function`
 * when it may, and finds out by trying it: under the Content-Security-Policy (no 'unsafe-eval') that
 * probe is reported as a violation even though zod catches it. Jitless zod never probes.
 */
import { config } from 'zod';

config({ jitless: true });
