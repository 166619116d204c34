import type { CustomerAnswer } from './events';

export type CustomerCommand =
  | {
      type: 'Register';
      customerId: string;
      accountId: string;
      domainId: string;
      roomId: string;
      now: number;
    }
  | { type: 'SetEmail'; email: string; now: number }
  | { type: 'SaveAnswers'; answers: Omit<CustomerAnswer, 'answeredAt'>[]; now: number }
  | { type: 'GiveArticleFeedback'; articleId: string; helpful: boolean; now: number }
  | { type: 'Absorb'; fromCustomerId: string; roomIds: string[]; now: number }
  | { type: 'MergeInto'; intoCustomerId: string; now: number }
  | { type: 'AddRoom'; roomId: string; now: number };
