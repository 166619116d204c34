import type { BillingDetailsFields } from '@parley/contracts/payments';
import { ApiError } from './api';

/** The gateway's /api/widget/payments routes (docs/api/billing.md, orders). */
async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const res = await fetch(path, { ...init, headers, credentials: 'omit' });
  const body = (await res.json().catch(() => null)) as {
    data?: T;
    error?: { code?: string; message?: string };
  } | null;
  if (!res.ok)
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'ERROR',
      body?.error?.message ?? 'Something went wrong',
    );
  return body?.data as T;
}

export const paymentsApi = {
  config: () =>
    call<{ enabled: boolean; publishableKey: string; scriptUrl: string }>('/api/widget/payments/config'),
  intent: (
    token: string,
    order: {
      productId: string;
      variants: Record<string, string>;
      quantity: number;
      billingDetails: BillingDetailsFields;
    },
  ) =>
    call<{ clientSecret: string; amountCents: number; currency: string; description: string }>(
      '/api/widget/payments/intent',
      { method: 'POST', body: JSON.stringify(order), token },
    ),
};
