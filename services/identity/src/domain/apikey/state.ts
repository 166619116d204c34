import type { ApiKeyEvent } from './events';
import { ApiKeyEventType as T } from './events';

export interface ApiKeyState {
  status: 'none' | 'active' | 'revoked';
  keyId: string;
  accountId: string;
  keyHash: string;
}

export const initialApiKeyState: ApiKeyState = { status: 'none', keyId: '', accountId: '', keyHash: '' };

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case T.Created:
      return {
        status: 'active',
        keyId: event.data.keyId,
        accountId: event.data.accountId,
        keyHash: event.data.keyHash,
      };
    case T.Revoked:
      return { ...state, status: 'revoked' };
    default:
      return state;
  }
}
