import { seal } from '@parley/contracts/sealing';
import type { IssuedCode } from '../../domain/signup/commands';
import { newVerificationCode, secretDigest } from '../../security/secrets';
import type { IdentityDeps } from '../deps';

/** A fresh code for a sign-up: its HMAC for verification, sealed for the mailer; the plain code is dropped here. */
export function issueCode(deps: IdentityDeps, signupId: string): IssuedCode {
  const code = newVerificationCode();
  return {
    hash: codeDigest(deps, signupId, code),
    sealed: seal(code, deps.secrets.mailSealKey),
  };
}

export function codeDigest(deps: IdentityDeps, signupId: string, code: string): string {
  return secretDigest(deps.secrets.codeSecret, 'signup-code', signupId, code);
}
