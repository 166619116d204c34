import { conversationsError } from '@parley/contracts';
import type { Visitor } from '../app/deps';

export interface VisitorMessage {
  customerId?: string;
  domainId?: string;
  keyId?: string;
}

/** The visitor a request names; the gateway sets it from the verified visitor token. */
export function visitorOf(message: VisitorMessage | null | undefined): Visitor {
  const visitor = {
    customerId: message?.customerId ?? '',
    domainId: message?.domainId ?? '',
    keyId: message?.keyId ?? '',
  };
  // Without its key a visitor's reach is unknown, so nothing is answered.
  if (!visitor.customerId || !visitor.domainId || !visitor.keyId) {
    throw conversationsError('unauthenticated', 'Visitor is not identified', 'NO_VISITOR');
  }
  return visitor;
}
