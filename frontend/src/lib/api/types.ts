import { z } from 'zod';
import { PLAN_IDS } from '@parley/contracts/plans';

/** The shapes of docs/api.md, parsed at the edge so a drifting backend fails loudly, not subtly. */

export const roleSchema = z.enum(['OWNER', 'AGENT', 'ADMIN']);
export type Role = z.infer<typeof roleSchema>;

export const planIdSchema = z.enum(PLAN_IDS);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullname: z.string(),
  role: roleSchema,
  plan: planIdSchema,
  accountId: z.string(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema });

export const sessionBodySchema = z.object({
  user: userSchema,
  accessExpiresAt: z.union([z.string(), z.number()]).optional(),
});

export const systemSettingsSchema = z.object({
  loginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;
export const systemSettingsResponseSchema = z.object({ data: systemSettingsSchema });

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int().nonnegative(),
  interval: z.string().default('month'),
  credits: z.number().int(),
  maxDomains: z.number().int(),
  contacts: z.number().int().optional(),
  emailsPerMonth: z.number().int().optional(),
  features: z.array(z.string()).default([]),
});
export type CatalogPlan = z.infer<typeof planSchema>;
export const plansResponseSchema = z.object({ data: z.array(planSchema) });

export const signupStartedSchema = z.object({
  signupId: z.string(),
  email: z.string(),
  codeExpiresAt: z.union([z.string(), z.number()]),
  resendAvailableAt: z.union([z.string(), z.number()]),
});
export type SignupStarted = z.infer<typeof signupStartedSchema>;
