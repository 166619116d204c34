export type EmailClaimCommand = {
  type: 'ClaimEmail';
  domainId: string;
  email: string;
  customerId: string;
  now: number;
};
