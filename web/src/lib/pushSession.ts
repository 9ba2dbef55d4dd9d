/**
 * Keeps push registration and sign-out apart. A registration still running when Log out is tapped
 * (it waits for the service worker, then the callable) could otherwise store or send a token after
 * sign-out has forgotten this device's token: the server would keep pushing this user's alerts to
 * whoever signs in next. Sign-out first stops registrations from going further, then waits for the
 * ones under way, and only then reads and forgets the token.
 */
let epoch = 0;
const underWay = new Set<Promise<unknown>>();

/**
 * Runs one registration. `signingOut()` says whether sign-out began after it started; the
 * registration checks it right before each step that stores or sends a token.
 */
export function duringSession<T>(work: (signingOut: () => boolean) => Promise<T>): Promise<T> {
  const started = epoch;
  const run = work(() => epoch !== started);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  underWay.add(settled);
  void settled.then(() => underWay.delete(settled));
  return run;
}

/** Called by sign-out: no registration goes further, and this settles when those under way have. */
export async function endSession(): Promise<void> {
  epoch += 1;
  await Promise.all(underWay);
}
