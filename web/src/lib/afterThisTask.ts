/**
 * Runs `load` in a task of its own, after the current one. A dynamic import made from a render or an
 * effect adds the preload links of every chunk it needs, one resource request each, to the task
 * that called it: a dozen of them lengthened the dashboard's first render task by half (docs/first-paint.md).
 */
export function afterThisTask<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((done) => setTimeout(done, 0)).then(load);
}
