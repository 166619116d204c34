export type EmailCommand =
  | { type: 'ClaimEmail'; userId: string; signupId: string | null; now: number }
  /** Frees the address of a removed member; a claim by anyone else is left alone. */
  | { type: 'ReleaseEmail'; userId: string; now: number };
