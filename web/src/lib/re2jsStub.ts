/**
 * Stands in for `re2js` in the app's build (vite.config.ts). Firestore imports that regular-expression
 * engine for one thing only: evaluating the LIKE and regex functions of pipeline queries on the
 * client. This app runs no pipeline queries, yet the engine's 150 kB of code and Unicode tables were
 * parsed and run on every signed-in load. Should a pipeline ever use those functions, Firestore
 * catches this error, logs a warning and counts the document as not matching: a pipeline needing them
 * would have to bring the engine back (tests/unit/re2js-stub.test.ts checks Firestore uses no more of it).
 */
export const RE2JS = {
  compile(pattern: string): never {
    throw new Error(`Regular expressions in Firestore pipelines are not built into this app (pattern ${pattern})`);
  },
};
