import { AppError, EMPTY_MESSAGE, MESSAGE_TOO_LONG, SLOT_TAKEN_MESSAGE } from '@parley/contracts';
import { SIGNUP_MESSAGES } from '@parley/contracts/validation';

/** Refusals shared by the aggregates and handlers; one place for their wording. */
export const roomNotFound = () => new AppError('not_found', 'Conversation not found', [], 'ROOM_NOT_FOUND');

export const noRoomAccess = () =>
  new AppError('forbidden', 'You do not have access to this conversation', [], 'NO_ROOM_ACCESS');

export const ownerOnly = () =>
  new AppError('forbidden', 'Only the account owner can share conversations', [], 'OWNER_ONLY');

export const domainNotFound = () => new AppError('not_found', 'Domain not found', [], 'DOMAIN_NOT_FOUND');

export const customerNotFound = () =>
  new AppError('not_found', 'Visitor session not found', [], 'CUSTOMER_NOT_FOUND');

const invalid = (field: string, message: string, code = 'VALIDATION') =>
  new AppError('validation', message, [{ field, message }], code);

export const emptyMessage = () => invalid('content', EMPTY_MESSAGE);
export const messageTooLong = () => invalid('content', MESSAGE_TOO_LONG);
export const invalidEmail = () => invalid('email', SIGNUP_MESSAGES.emailFormat);
export const invalidField = invalid;

export const slotTaken = () =>
  new AppError(
    'conflict',
    SLOT_TAKEN_MESSAGE,
    [{ field: 'slot', message: SLOT_TAKEN_MESSAGE }],
    'SLOT_TAKEN',
  );
