'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PlanId } from '@parley/contracts/plans';
import { toEpochMs } from '@/lib/time/epoch';

/**
 * Spec section 4, onboarding: the sign-up steps share one state with the temporary email and
 * password and the preselected plan. It lives in memory only (never in storage) and is dropped
 * once the account exists.
 */
export type SignupStep = 'details' | 'code' | 'onboarding';

export interface SignupDetailsDraft {
  fullname: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
}

export interface PendingSignup {
  signupId: string;
  email: string;
  codeExpiresAt?: number;
  resendAvailableAt?: number;
}

interface SignupState {
  step: SignupStep;
  plan: PlanId;
  details: SignupDetailsDraft | null;
  pending: PendingSignup | null;
}

interface SignupContextValue extends SignupState {
  choosePlan(plan: PlanId): void;
  started(
    details: SignupDetailsDraft,
    answer: {
      signupId: string;
      email: string;
      codeExpiresAt: string | number;
      resendAvailableAt: string | number;
    },
  ): void;
  codeResent(answer: { codeExpiresAt?: string | number; resendAvailableAt?: string | number }): void;
  resendBlockedFor(seconds: number): void;
  verified(): void;
  backToDetails(): void;
  finished(): void;
}

const SignupContext = createContext<SignupContextValue | null>(null);

export function useSignup(): SignupContextValue {
  const value = useContext(SignupContext);
  if (!value) throw new Error('useSignup must be used inside <SignupProvider>');
  return value;
}

export function SignupProvider({ initialPlan, children }: { initialPlan: PlanId; children: ReactNode }) {
  const [state, setState] = useState<SignupState>({
    step: 'details',
    plan: initialPlan,
    details: null,
    pending: null,
  });

  const choosePlan = useCallback((plan: PlanId) => setState((s) => ({ ...s, plan })), []);

  const started = useCallback<SignupContextValue['started']>((details, answer) => {
    setState((s) => ({
      ...s,
      step: 'code',
      details,
      pending: {
        signupId: answer.signupId,
        email: answer.email,
        codeExpiresAt: toEpochMs(answer.codeExpiresAt),
        resendAvailableAt: toEpochMs(answer.resendAvailableAt),
      },
    }));
  }, []);

  const codeResent = useCallback<SignupContextValue['codeResent']>((answer) => {
    setState((s) =>
      s.pending
        ? {
            ...s,
            pending: {
              ...s.pending,
              codeExpiresAt: toEpochMs(answer.codeExpiresAt) ?? s.pending.codeExpiresAt,
              resendAvailableAt: toEpochMs(answer.resendAvailableAt) ?? s.pending.resendAvailableAt,
            },
          }
        : s,
    );
  }, []);

  const resendBlockedFor = useCallback((seconds: number) => {
    setState((s) =>
      s.pending ? { ...s, pending: { ...s.pending, resendAvailableAt: Date.now() + seconds * 1000 } } : s,
    );
  }, []);

  const verified = useCallback(() => setState((s) => ({ ...s, step: 'onboarding' })), []);
  const backToDetails = useCallback(() => setState((s) => ({ ...s, step: 'details', pending: null })), []);
  const finished = useCallback(() => setState((s) => ({ ...s, details: null, pending: null })), []);

  const value = useMemo<SignupContextValue>(
    () => ({
      ...state,
      choosePlan,
      started,
      codeResent,
      resendBlockedFor,
      verified,
      backToDetails,
      finished,
    }),
    [state, choosePlan, started, codeResent, resendBlockedFor, verified, backToDetails, finished],
  );
  return <SignupContext.Provider value={value}>{children}</SignupContext.Provider>;
}
