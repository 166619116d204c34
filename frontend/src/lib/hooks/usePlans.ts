'use client';

import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { errorSentence } from '../api/errors';
import { plansResponseSchema, type CatalogPlan } from '../api/types';

export type PlansState =
  { kind: 'loading' } | { kind: 'ready'; plans: CatalogPlan[] } | { kind: 'failed'; message: string };

/** The plan catalogue, GET /api/plans. */
export function usePlans(): PlansState & { retry(): void } {
  const [state, setState] = useState<PlansState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    api('/plans', { schema: plansResponseSchema, signal: controller.signal })
      .then((body) => setState({ kind: 'ready', plans: body.data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: 'failed', message: errorSentence(error) });
      });
    return () => controller.abort();
  }, [attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
