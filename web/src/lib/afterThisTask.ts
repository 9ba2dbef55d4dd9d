/**
 * Runs `load` in a task of its own, after the current one. A dynamic import made from a render or an
 * effect adds the preload links of every chunk it needs, one resource request each, to the task
 * that called it: in a cold dashboard load, 11 of them took 15 of a React task's 35 ms.
 */
export function afterThisTask<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<void>((done) => setTimeout(done, 0)).then(load);
}
