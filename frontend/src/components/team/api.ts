import { z } from 'zod';
import { api } from '@/lib/api/client';
import { sessionBodySchema } from '@/lib/api/types';

/** The Team section of docs/api/conversations.md. */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['OWNER', 'AGENT', 'ADMIN']),
  status: z.enum(['active', 'invited']),
  invitedAt: z.string(),
  joinedAt: z.string().nullable(),
  lastActive: z.string().nullable(),
  expiresAt: z.string().nullish(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const fetchTeam = (signal?: AbortSignal) =>
  api('/team', { schema: z.object({ data: z.array(teamMemberSchema) }), signal });

export const inviteMember = (email: string) =>
  api('/team/invites', { method: 'POST', body: { email }, schema: z.object({ data: teamMemberSchema }) });

export const revokeInvite = (id: string) =>
  api(`/team/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const removeMember = (id: string) =>
  api(`/team/members/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const inviteDetailsSchema = z.object({ email: z.string(), accountName: z.string() });
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;

export const lookupInvite = (token: string, signal?: AbortSignal) =>
  api(`/team/invites/lookup?token=${encodeURIComponent(token)}`, {
    schema: z.object({ data: inviteDetailsSchema }),
    signal,
  });

export const acceptInvite = (body: {
  token: string;
  fullname: string;
  password: string;
  confirmPassword: string;
}) => api('/team/invites/accept', { method: 'POST', body, schema: sessionBodySchema });
