import type { SignupState } from '../../domain/signup/state';
import { RESEND_INTERVAL_MS } from '../../domain/signup/policy';

/** What the client needs after a code was sent: where the sign-up stands and when it may ask again. */
export interface SignupTicket {
  signupId: string;
  email: string;
  /** Epoch seconds. */
  codeExpiresAt: number;
  resendAvailableAt: number;
}

export function ticketOf(state: SignupState): SignupTicket {
  return {
    signupId: state.signupId,
    email: state.email,
    codeExpiresAt: Math.floor((state.code?.expiresAt ?? 0) / 1000),
    resendAvailableAt: Math.ceil((state.lastSentAt + RESEND_INTERVAL_MS) / 1000),
  };
}
