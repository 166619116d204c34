import { loadService, rpcClient, type CallerTokenSigner } from '@parley/grpc';

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
  const rpc = rpcClient(Service, address, { deadlineMs, callerToken });
  return {
    async postBotMessage(input) {
      await rpc.postBotMessage(input);
    },
    async requestHandoff(roomId, reason) {
      await rpc.requestHandoff({ roomId, reason });
    },
    async markRoomMailed(roomId) {
      const res = await rpc.markRoomMailed({ roomId });
      return res.newlyMailed === true;
    },
    async setRoomCustomerEmail(roomId, email) {
      await rpc.setRoomCustomerEmail({ roomId, email });
    },
    async saveRoomCustomerAnswer(input) {
      await rpc.saveRoomCustomerAnswer(input);
    },
    close: () => rpc.close(),
  };
}
