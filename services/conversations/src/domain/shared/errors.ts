import {
  conversationsError,
  EMPTY_MESSAGE,
  MESSAGE_TOO_LONG,
  SLOT_TAKEN_MESSAGE,
  type ConversationsErrorCode,
} from '@parley/contracts';
import { SIGNUP_MESSAGES } from '@parley/contracts/validation';

/** Refusals shared by the aggregates and handlers; one place for their wording. */
export const roomNotFound = () => conversationsError('not_found', 'Conversation not found', 'ROOM_NOT_FOUND');

export const noRoomAccess = () =>
  conversationsError('forbidden', 'You do not have access to this conversation', 'NO_ROOM_ACCESS');

export const ownerOnly = () =>
  conversationsError('forbidden', 'Only the account owner can share conversations', 'OWNER_ONLY');

export const domainNotFound = () => conversationsError('not_found', 'Domain not found', 'DOMAIN_NOT_FOUND');

export const customerNotFound = () =>
  conversationsError('not_found', 'Visitor session not found', 'CUSTOMER_NOT_FOUND');

const invalid = (field: string, message: string, code: ConversationsErrorCode = 'VALIDATION') =>
  conversationsError('validation', message, code, [{ field, message }]);

export const emptyMessage = () => invalid('content', EMPTY_MESSAGE);
export const messageTooLong = () => invalid('content', MESSAGE_TOO_LONG);
export const invalidEmail = () => invalid('email', SIGNUP_MESSAGES.emailFormat);
export const invalidField = invalid;

export const slotTaken = () =>
  conversationsError('conflict', SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN', [
    { field: 'slot', message: SLOT_TAKEN_MESSAGE },
  ]);
