/**
 * The one inline script of the built app: web/prerender.ts puts it right after the dashboard's
 * greeting heading, so the name this device last showed (src/shared/lastGreeting.ts) is in the HTML's
 * first paint. A deferred or external script would run only after that paint, and the heading would
 * change from its placeholder to the name a frame or a fetch later. Text only, never markup.
 *
 * The Content-Security-Policy allows it by its hash (firebase.json; tests/unit/hosting-headers.test.ts
 * says when the two differ).
 */
import { createHash } from 'node:crypto';
import { LAST_GREETING_KEY } from './src/shared/lastGreeting.ts';

export const LAST_GREETING_SCRIPT =
  'try{var h=document.currentScript.previousElementSibling,' +
  `g=JSON.parse(localStorage.getItem(${JSON.stringify(LAST_GREETING_KEY)})||"null");` +
  'if(g&&typeof g.name=="string"&&g.name.trim()){h.textContent=g.name;' +
  'h.removeAttribute("aria-busy");h.removeAttribute("aria-label")}}catch(e){}';

/** As script-src takes it. */
export const LAST_GREETING_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LAST_GREETING_SCRIPT).digest('base64')}'`;
