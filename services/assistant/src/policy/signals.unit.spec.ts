import {
  findEmail,
  isAffirmative,
  isPleasantry,
  looksLikeQuestion,
  mostlyEmail,
  saysNotHelped,
} from './signals';

describe('policy signals', () => {
  it('finds an email address, lower-cased', () => {
    expect(findEmail('reach me at Ann.Lee+shop@Mail.Example.co.uk please')).toBe(
      'ann.lee+shop@mail.example.co.uk',
    );
    expect(findEmail('no address @ here')).toBeNull();
    expect(mostlyEmail('my email is ann@example.com', 'ann@example.com')).toBe(true);
    expect(mostlyEmail('ann@example.com and do you ship to Peru by sea or air?', 'ann@example.com')).toBe(
      false,
    );
  });

  it('reads a short yes, and nothing longer', () => {
    for (const yes of ['yes', 'Yes please!', 'sure', 'ok thanks', 'Go ahead.', 'yeah'])
      expect(isAffirmative(yes)).toBe(true);
    for (const no of ['no', 'yes but what about shipping', 'maybe', 'y'])
      expect(isAffirmative(no)).toBe(false);
  });

  it('hears that an answer did not help', () => {
    for (const t of [
      "that didn't help",
      'Did not work',
      'still broken',
      'same problem',
      'That’s not it',
      'doesnt work',
    ])
      expect(saysNotHelped(t)).toBe(true);
    for (const t of ['thanks, that helped', 'great, it works', 'how long is shipping'])
      expect(saysNotHelped(t)).toBe(false);
  });

  it('tells questions and pleasantries from statements', () => {
    expect(looksLikeQuestion('do you ship to Peru')).toBe(true);
    expect(looksLikeQuestion('price of the red mug?')).toBe(true);
    expect(looksLikeQuestion('about 40 dollars')).toBe(false);
    expect(isPleasantry('Thanks!')).toBe(true);
    expect(isPleasantry('good morning')).toBe(true);
    expect(isPleasantry('thanks, around 40')).toBe(false);
  });
});
