import { z } from 'zod';
import { PLAN_IDS } from '../plans';
import { LOGIN_MESSAGES, SIGNUP_MESSAGES as M } from './messages';

const PASSWORD_CHARS = /^[A-Za-z0-9_.-]*$/;
// Stricter than "contains @": a dotted domain with a 2+ letter ending, no spaces.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .regex(EMAIL, { error: message })
    .transform((v) => v.toLowerCase());

/** An email field with the given message, trimmed and lower-cased (team invites reuse it). */
export const emailSchema = email;

export const passwordSchema = z
  .string({ error: M.passwordMin })
  .min(8, { error: M.passwordMin })
  .max(64, { error: M.passwordMax })
  .regex(PASSWORD_CHARS, { error: M.passwordChars });

export const fullnameSchema = z
  .string({ error: M.fullnameMin })
  .trim()
  .min(4, { error: M.fullnameMin })
  .max(100);

/** Sign-up step 1: the five fields of screen 7, in order. */
export const signupDetailsSchema = z
  .object({
    fullname: fullnameSchema,
    email: email(M.emailFormat),
    confirmEmail: z.string({ error: M.emailsMismatch }).trim(),
    password: passwordSchema,
    confirmPassword: z.string({ error: M.passwordsMismatch }),
    selectedPlan: z.enum(PLAN_IDS).default('STANDARD'),
  })
  .superRefine((v, ctx) => {
    if (v.confirmEmail.toLowerCase() !== v.email) {
      ctx.addIssue({ code: 'custom', path: ['confirmEmail'], message: M.emailsMismatch });
    }
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsMismatch });
    }
  });
export type SignupDetails = z.infer<typeof signupDetailsSchema>;

/** Sign-up step 2: the emailed code. */
export const signupCodeSchema = z.object({
  signupId: z.uuid(),
  otp: z
    .string({ error: M.otpMin })
    .trim()
    .min(6, { error: M.otpMin })
    .max(6, { error: M.otpMin })
    .regex(/^\d+$/, { error: M.otpMin }),
});

/** Sign-up step 3: onboarding answers. */
export const onboardingSchema = z.object({
  signupId: z.uuid(),
  products: z.string({ error: M.products }).trim().min(1, { error: M.products }).max(2000),
  categories: z.string({ error: M.categories }).trim().min(1, { error: M.categories }).max(2000),
  targetAudience: z.string({ error: M.targetAudience }).trim().min(1, { error: M.targetAudience }).max(2000),
});

export const loginSchema = z.object({
  email: email(LOGIN_MESSAGES.email),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordMin })
    .min(8, { error: LOGIN_MESSAGES.passwordMin })
    .max(64, { error: LOGIN_MESSAGES.passwordMax }),
});

export const changeNameSchema = z.object({ fullname: fullnameSchema });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'Current password is required' }),
    password: passwordSchema,
    confirmPassword: z.string({ error: M.passwordsMismatch }),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsMismatch });
    }
  });

export const systemSettingsSchema = z
  .object({
    loginEnabled: z.boolean(),
    registrationEnabled: z.boolean(),
    maintenanceMode: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' });
