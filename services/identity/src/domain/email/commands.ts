export type EmailCommand = { type: 'ClaimEmail'; userId: string; signupId: string | null; now: number };
