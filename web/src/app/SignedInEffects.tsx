import { useActionResults } from '../features/notifications/useActionResults';
import { usePushRegistration } from '../features/notifications/usePushRegistration';
import { usePriceFeed } from '../shared/prices/usePriceFeed';

/**
 * Signed-in side effects: the live price feed, push registration, and the results of a push's
 * buttons. Loaded by RequireAuth once someone is signed in, so the public routes' first download
 * holds none of them.
 */
export default function SignedInEffects() {
  usePriceFeed();
  usePushRegistration();
  useActionResults();
  return null;
}
