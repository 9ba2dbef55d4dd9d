/**
 * Imported first by the app and the service worker. Zod compiles fast parsers with `new Function`
 * when it may, and finds out by trying it: under the Content-Security-Policy (no 'unsafe-eval') that
 * probe is reported as a violation even though zod catches it. Jitless zod never probes.
 */
// From zod's core: the package's main module also loads its English messages as it runs, which
// would put them in the app's entry; the schemas' own chunks bring them when they load.
import { config } from 'zod/v4/core';

config({ jitless: true });
