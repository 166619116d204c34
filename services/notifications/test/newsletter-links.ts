import type { CaughtMessage } from '@parley/mailcatcher/src/message';

/** The confirm and unsubscribe links of a caught confirmation mail, read from its text part. */
export function newsletterLinksIn(mail: CaughtMessage): { confirmUrl: string; unsubscribeUrl: string } {
  const confirmUrl = /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[A-Za-z0-9._-]+/.exec(mail.text)?.[0];
  const unsubscribeUrl = /https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9._-]+/.exec(
    mail.text,
  )?.[0];
  if (!confirmUrl || !unsubscribeUrl)
    throw new Error(`no newsletter links in mail ${mail.id}:\n${mail.text}`);
  return { confirmUrl, unsubscribeUrl };
}

export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';
