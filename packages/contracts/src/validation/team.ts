import { z } from 'zod';
import { emailSchema, fullnameSchema, passwordSchema } from './auth';
import { SIGNUP_MESSAGES as M } from './messages';

export const TEAM_MESSAGES = {
  inviteNotFound: 'This invitation is invalid or has expired',
} as const;

/** The owner's invite form: one address. */
export const teamInviteSchema = z.object({ email: emailSchema(M.emailFormat) });
export type TeamInviteInput = z.infer<typeof teamInviteSchema>;

/** The invitation token from the mailed link (`<inviteId>.<secret>`); anything else is not an invitation. */
export const inviteTokenSchema = z
  .string({ error: TEAM_MESSAGES.inviteNotFound })
  .trim()
  .min(1, { error: TEAM_MESSAGES.inviteNotFound })
  .max(200, { error: TEAM_MESSAGES.inviteNotFound });

export const inviteLookupSchema = z.object({ token: inviteTokenSchema });

/** Accepting an invitation: the sign-up rules and messages for the name and password. */
export const acceptInviteSchema = z
  .object({
    token: inviteTokenSchema,
    fullname: fullnameSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: M.passwordsMismatch }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsMismatch });
    }
  });
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;
