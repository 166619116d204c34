import { offlineMessageTemplate } from './offline-message';

describe('offline-message mail', () => {
  const render = (message: string) =>
    offlineMessageTemplate.render({
      data: {
        fullname: 'Ann Owner',
        domain: 'mugs.example',
        visitorEmail: 'guest@example.com',
        message,
        conversationUrl: 'https://app.example/dashboard/conversation?room=r1',
      },
      secrets: {},
      now: new Date('2026-11-26T10:00:00Z'),
      expiresAt: null,
    });

  it('says whom to answer, quotes the message and links the conversation', () => {
    const mail = render('Do you ship to Norway?');
    expect(mail.subject).toBe('A visitor left a message on mugs.example');
    expect(mail.text).toContain('From: guest@example.com');
    expect(mail.text).toContain('Do you ship to Norway?');
    expect(mail.text).toContain('https://app.example/dashboard/conversation?room=r1');
  });

  it('escapes the visitor’s text in the HTML part', () => {
    const mail = render('<img src=x onerror=alert(1)>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
