import { usePushRegistration } from '../features/notifications/usePushRegistration';
import { usePriceFeed } from '../shared/prices/usePriceFeed';

/**
 * Signed-in side effects: the live price feed and push registration. Loaded by RequireAuth once
 * someone is signed in, so the public routes' first download holds neither.
 */
export default function SignedInEffects() {
  usePriceFeed();
  usePushRegistration();
  return null;
}
