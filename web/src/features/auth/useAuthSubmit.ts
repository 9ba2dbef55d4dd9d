import { authErrorCode } from '../../lib/auth';
import { useSubmit, type SubmitOptions } from '../../shared/useSubmit';
import { authMessage, logInMessage } from './authMessages';

/** A Firebase Auth failure shows its sentence; each account form leaves the screen on success. */
export const authFailure = (error: unknown) => authMessage(authErrorCode(error));
/** Log in's own: one sentence for an unknown address and a wrong password. */
export const logInFailure = (error: unknown) => logInMessage(authErrorCode(error));
const AUTH_SUBMIT: SubmitOptions = { failure: authFailure, leavesOnSuccess: true };

export function useAuthSubmit() {
  return useSubmit(AUTH_SUBMIT);
}
