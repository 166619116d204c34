import { AppError } from '@parley/contracts';
import type { ProtoSession, ProtoUser, SignupTicket } from '../clients/identity-types';

/** Timestamps leave the gateway as ISO 8601 (UTC) strings; identity speaks epoch seconds. */
export const isoFromEpochSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString();

export interface UserView {
  id: string;
  email: string;
  fullname: string;
  role: string;
  plan: string;
  accountId: string;
  createdAt: string;
}

export const userView = (user: ProtoUser): UserView => ({
  id: user.id,
  email: user.email,
  fullname: user.fullname,
  role: user.role,
  plan: user.plan,
  accountId: user.accountId,
  createdAt: user.createdAt,
});

export interface SessionView {
  user: UserView;
  accessToken: string;
  accessExpiresAt: string;
}

export function sessionView(session: ProtoSession): SessionView {
  if (!session.user) throw new AppError('internal', 'identity returned a session without a user');
  return {
    user: userView(session.user),
    accessToken: session.accessToken,
    accessExpiresAt: isoFromEpochSeconds(session.accessExpiresAt),
  };
}

export const signupTicketView = (ticket: SignupTicket) => ({
  signupId: ticket.signupId,
  email: ticket.email,
  codeExpiresAt: isoFromEpochSeconds(ticket.codeExpiresAt),
  resendAvailableAt: isoFromEpochSeconds(ticket.resendAvailableAt),
});
