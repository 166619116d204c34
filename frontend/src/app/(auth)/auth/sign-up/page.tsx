import type { Metadata } from 'next';
import { PLAN_IDS, type PlanId } from '@parley/contracts/plans';
import { SignupFlow } from '@/components/auth/signup/SignupFlow';
import { SignupProvider } from '@/components/auth/signup/SignupContext';

export const metadata: Metadata = { title: 'Get Started' };

function planFrom(value: string | string[] | undefined): PlanId {
  const wanted = (Array.isArray(value) ? value[0] : value)?.toUpperCase();
  return PLAN_IDS.find((id) => id === wanted) ?? 'STANDARD';
}

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { plan } = await searchParams;
  return (
    <SignupProvider initialPlan={planFrom(plan)}>
      <SignupFlow />
    </SignupProvider>
  );
}
