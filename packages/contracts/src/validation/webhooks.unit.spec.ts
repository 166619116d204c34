import { WEBHOOK_MESSAGES, webhookEndpointSchema } from './webhooks';

const messageFor = (url: string) =>
  webhookEndpointSchema.safeParse({ url, eventTypes: ['message.created'] }).error?.issues[0]?.message;

describe('webhookEndpointSchema', () => {
  it('takes http(s) addresses up to 2,000 characters', () => {
    expect(messageFor('https://crm.example.com/hooks')).toBeUndefined();
    expect(messageFor(`https://crm.example.com/${'a'.repeat(2000 - 24)}`)).toBeUndefined();
  });

  it('says why an address is refused: too long, or not an http(s) address', () => {
    expect(messageFor(`https://crm.example.com/${'a'.repeat(2000)}`)).toBe(WEBHOOK_MESSAGES.urlTooLong);
    for (const url of [
      'javascript:alert(1)',
      'ftp://x',
      'https://user:pw@crm.example.com/',
      'crm.example.com',
    ])
      expect([url, messageFor(url)]).toEqual([url, WEBHOOK_MESSAGES.url]);
  });
});
