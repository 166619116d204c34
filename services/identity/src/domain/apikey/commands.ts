export type ApiKeyCommand =
  | {
      type: 'CreateApiKey';
      keyId: string;
      accountId: string;
      name: string;
      scopes: string[];
      prefix: string;
      keyHash: string;
      createdBy: string;
      now: number;
    }
  | { type: 'RevokeApiKey'; accountId: string; revokedBy: string; now: number };
