'use client';

import { Steps } from 'antd';
import Link from 'next/link';
import { PATHS } from '@/lib/routing/paths';
import { AuthFooterNote, AuthHeading } from '../AuthCard';
import { CodeStep } from './CodeStep';
import { DetailsStep } from './DetailsStep';
import { OnboardingStep } from './OnboardingStep';
import { useSignup, type SignupStep } from './SignupContext';
import styles from './signup.module.css';

const STEPS: { key: SignupStep; title: string; heading: string; subtitle: string }[] = [
  {
    key: 'details',
    title: 'Account',
    heading: 'Create your account',
    subtitle: 'Start with the free plan or try Pro. It takes two minutes.',
  },
  {
    key: 'code',
    title: 'Verify email',
    heading: 'Check your inbox',
    subtitle: 'One quick step to make sure the address is yours.',
  },
  {
    key: 'onboarding',
    title: 'Your business',
    heading: 'Tell us about your business',
    subtitle: 'Your assistant uses this to answer like someone who works there.',
  },
];

export function SignupFlow() {
  const { step } = useSignup();
  const index = STEPS.findIndex((s) => s.key === step);
  const current = STEPS[index]!;
  return (
    <div data-testid={`signup-step-${step}`}>
      <Steps
        size="small"
        titlePlacement="vertical"
        current={index}
        items={STEPS.map((s) => ({ title: s.title }))}
        className={styles.steps}
        responsive={false}
      />
      <AuthHeading title={current.heading} subtitle={current.subtitle} />
      {step === 'details' && <DetailsStep />}
      {step === 'code' && <CodeStep />}
      {step === 'onboarding' && <OnboardingStep />}
      {step === 'details' && (
        <AuthFooterNote>
          Already have an account? <Link href={PATHS.signIn}>Log in</Link>
        </AuthFooterNote>
      )}
    </div>
  );
}
