import { unseal } from '@parley/contracts/sealing';
import type { ClaimedMail } from '../outbox/outbox-entry';
import { MailContentError, type MailTemplate, type RenderedMail } from './template';

export type DeliveryPlan =
  | { kind: 'send'; mail: RenderedMail }
  /** Its time has passed (a verification code that no longer works): never sent. */
  | { kind: 'expired' }
  /** Can never be sent as stored: retrying would not help. */
  | { kind: 'failed'; reason: string };

export function isExpired(mail: Pick<ClaimedMail, 'expiresAt'>, now: Date): boolean {
  return mail.expiresAt !== null && mail.expiresAt.getTime() <= now.getTime();
}

/** Opens each sealed value; the plain values live only in memory, for rendering. */
export function unsealSecrets(sealed: Record<string, string> | null, key: string): Record<string, string> {
  const open: Record<string, string> = {};
  for (const [name, value] of Object.entries(sealed ?? {})) {
    try {
      open[name] = unseal(value, key);
    } catch {
      throw new MailContentError(
        `cannot unseal secret '${name}': sealed with another MAIL_SEAL_KEY, or corrupted`,
      );
    }
  }
  return open;
}

/** What to do with a claimed mail right now. Pure: the clock and key come in. */
export function planDelivery(
  mail: ClaimedMail,
  context: { now: Date; sealKey: string; templates: ReadonlyMap<string, MailTemplate> },
): DeliveryPlan {
  if (isExpired(mail, context.now)) return { kind: 'expired' };
  const template = context.templates.get(mail.template);
  if (!template) return { kind: 'failed', reason: `unknown mail template '${mail.template}'` };
  try {
    const secrets = unsealSecrets(mail.sealedSecrets, context.sealKey);
    return {
      kind: 'send',
      mail: template.render({ data: mail.data, secrets, now: context.now, expiresAt: mail.expiresAt }),
    };
  } catch (e) {
    if (e instanceof MailContentError) return { kind: 'failed', reason: e.message };
    throw e;
  }
}
