/**
 * The one inline script of the built app: web/src/shared/firstPaint/build/prerender.ts puts it right after the dashboard's
 * greeting heading, so the name this device last showed (src/shared/firstPaint/lastGreeting.ts) is in the HTML's
 * first paint. A deferred or external script would run only after that paint, and the heading would
 * change from its placeholder to the name a frame or a fetch later. Text only, never markup.
 *
 * The Content-Security-Policy allows it by its hash (firebase.json; tests/unit/hosting-headers.test.ts
 * says when the two differ).
 */
import { createHash } from 'node:crypto';
import { LAST_GREETING_KEY } from '../lastGreeting.ts';

// In a function of its own, so that it leaves no globals behind. It takes what the app's schema
// (lastGreetingSchema.ts) would: a record with a uid and a name of at most 320 characters, not blank;
// anything else would paint here and then give way to the placeholder.
export const LAST_GREETING_SCRIPT =
  '(function(){try{var h=document.currentScript.previousElementSibling,' +
  `g=JSON.parse(localStorage.getItem(${JSON.stringify(LAST_GREETING_KEY)})||"null");` +
  'if(g&&typeof g.uid=="string"&&g.uid&&typeof g.name=="string"&&g.name.trim()&&g.name.length<=320){' +
  'h.textContent=g.name;h.removeAttribute("aria-busy");h.removeAttribute("aria-label")}}catch(e){}})()';

/** As script-src takes it. */
export const LAST_GREETING_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LAST_GREETING_SCRIPT).digest('base64')}'`;
