export type SignupRequestCommand = { type: 'RequestSignup'; signupId: string; now: number };
