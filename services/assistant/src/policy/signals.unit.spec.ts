import {
  besidesEmail,
  correctsItself,
  declines,
  findEmail,
  isAffirmative,
  isPleasantry,
  looksLikeQuestion,
  mostlyEmail,
  saysNotHelped,
  validEmail,
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

  it('takes only an address the product would accept', () => {
    expect(validEmail('ann@example.com')).toBe('ann@example.com');
    expect(validEmail(`${'a'.repeat(250)}@example.com`)).toBeNull();
    expect(validEmail(null)).toBeNull();
  });

  it('hears a refusal; a plain no only where no cannot be the answer', () => {
    for (const t of [
      "I'd rather not say",
      'prefer not to',
      'Skip this one',
      'pass',
      "I don't want to share it",
    ])
      expect(declines(t, false)).toBe(true);
    for (const t of ['no', 'No thanks!', 'nope']) {
      expect(declines(t, true)).toBe(true);
      expect(declines(t, false)).toBe(false);
    }
    for (const t of ["I don't want to pay more than $20", 'Dark roast', 'not sure yet, maybe medium'])
      expect(declines(t, true)).toBe(false);
  });

  it('hears a change of mind', () => {
    for (const t of ['Actually, make it medium', 'sorry, I meant medium', 'medium instead'])
      expect(correctsItself(t)).toBe(true);
    expect(correctsItself('medium please')).toBe(false);
  });

  it('keeps what was said besides the email address', () => {
    const e = 'ann@example.com';
    expect(besidesEmail('ann@example.com, and dark roast please', e)).toBe('dark roast please');
    expect(besidesEmail('Medium, and my email is Ann@Example.com', e)).toBe('Medium');
    expect(besidesEmail('Sure! My e-mail address: ann@example.com', e)).toBe('');
    expect(besidesEmail('you can reach me at ann@example.com', e)).toBe('');
    expect(besidesEmail('here you go: ann@example.com thanks', e)).toBe('');
  });
});
