/**
 * Keeps push registration and sign-out apart. A registration running while Log out is tapped could
 * otherwise store or send a token after sign-out has forgotten this device's token: the server would
 * keep pushing this user's alerts to whoever signs in next. From the moment sign-out begins until it
 * has signed the user out, no registration stores or sends a token, whether it started before or
 * during it; sign-out waits (capped, see authSdk.ts) for the token steps already under way, and only
 * then reads and forgets the token. What is left: a registration call that outlasts the cap can
 * land after the token was forgotten (then the device's subscription has been ended, so its pushes
 * are dropped by the browser).
 */
let epoch = 0;
let signingOut = false;
const underWay = new Set<Promise<unknown>>();

/** Taken when a registration starts: sign-out after this point stops it (see `tokenStep`). */
export interface SessionTicket {
  readonly epoch: number;
}

export function sessionTicket(): SessionTicket {
  return { epoch };
}

/** Whether the registration holding this ticket must stop: sign-out began after it started, or is under way. */
export function stopped(ticket: SessionTicket): boolean {
  return signingOut || ticket.epoch !== epoch;
}

/** Runs a step that stores or sends a token, so that sign-out can wait for it. */
export function tokenStep<T>(step: () => Promise<T>): Promise<T> {
  const run = step();
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  underWay.add(settled);
  void settled.then(() => underWay.delete(settled));
  return run;
}

/** Sign-out begins: no registration goes further; settles when the token steps under way have. */
export async function beginSignOut(): Promise<void> {
  epoch += 1;
  signingOut = true;
  await Promise.all(underWay);
}

/**
 * Sign-out is over (signed out, or it failed): registrations started from now on may run. One that
 * started before it stays stopped (its ticket is older), and none could start during it.
 */
export function endSignOut(): void {
  signingOut = false;
}
