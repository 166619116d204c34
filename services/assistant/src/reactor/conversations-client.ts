import { callUnary, createClient, loadService, type CallerTokenSigner } from '@parley/grpc';

/** The conversations RPCs the assistant acts through (the assistant-only part of the API). */
export interface ConversationsActions {
  postBotMessage(input: {
    roomId: string;
    content: string;
    link: string;
    productIds: string[];
    clientId: string;
    decisionJson: string;
    /** A purchase reply: one of productIds, whose payment flow the widget opens; '' for none. */
    checkoutProductId: string;
  }): Promise<void>;
  requestHandoff(roomId: string, reason: string): Promise<void>;
  /** True when this call marked the room (the first handoff mail of the room). */
  markRoomMailed(roomId: string): Promise<boolean>;
  /** The visitor wrote their email: set on the room's customer (a known email links that customer). */
  setRoomCustomerEmail(roomId: string, email: string): Promise<void>;
  /** The visitor answered a filter question: recorded on the room's customer. */
  saveRoomCustomerAnswer(input: {
    roomId: string;
    questionId: string;
    question: string;
    answer: string;
  }): Promise<void>;
  close(): void;
}

export function conversationsActions(
  address: string,
  deadlineMs = 10_000,
  callerToken?: CallerTokenSigner,
): ConversationsActions {
  const Service = loadService(
    'conversations/v1/conversations.proto',
    'parley.conversations.v1.Conversations',
  );
  const client = createClient(Service, address, { callerToken });
  const call = <Res>(method: string, request: object) =>
    callUnary<object, Res>(client, method, request, { deadlineMs });
  return {
    async postBotMessage(input) {
      await call('PostBotMessage', input);
    },
    async requestHandoff(roomId, reason) {
      await call('RequestHandoff', { roomId, reason });
    },
    async markRoomMailed(roomId) {
      const res = await call<{ newlyMailed?: boolean }>('MarkRoomMailed', { roomId });
      return res.newlyMailed === true;
    },
    async setRoomCustomerEmail(roomId, email) {
      await call('SetRoomCustomerEmail', { roomId, email });
    },
    async saveRoomCustomerAnswer(input) {
      await call('SaveRoomCustomerAnswer', input);
    },
    close: () => client.close(),
  };
}
