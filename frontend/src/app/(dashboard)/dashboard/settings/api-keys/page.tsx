import type { Metadata } from 'next';
import { ApiKeysPage } from '@/components/api-keys/ApiKeysPage';

export const metadata: Metadata = { title: 'API keys' };

export default function ApiKeys() {
  return <ApiKeysPage />;
}
