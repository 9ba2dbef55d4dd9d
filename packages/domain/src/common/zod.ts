import { en } from 'zod/locales';
import { z } from 'zod/mini';

/**
 * The domain's schemas use zod's functional build (zod/mini): the web app evaluates them while a
 * signed-in screen loads, and the classic build, whose schemas carry every method, is about 2.5
 * times the code and took twice as long to evaluate and build them (`npm run bench:schemas`).
 * Unlike the classic build it sets no locale: without English messages every issue would read
 * 'Invalid input'. The package's `sideEffects` names this module, or a bundler would drop the call
 * below: the schemas' modules import `z` through it, but the binding is zod's own.
 */
z.config(en());

export { z };
