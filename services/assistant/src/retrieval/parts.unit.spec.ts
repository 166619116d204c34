import { clausesOf, splitQuestions } from './parts';

describe('several questions in one message', () => {
  it.each([
    [
      'are you open on sundays and do you sell gift cards?',
      ['are you open on sundays', 'do you sell gift cards'],
    ],
    ['how much is a lesson, and is there parking', ['how much is a lesson', 'is there parking']],
    ['Can I pay by card? Also, where are you?', ['can i pay by card', 'where are you']],
    [
      'where do i park, when do you open, can i bring my dog; is there wifi',
      ['where do i park', 'when do you open', 'can i bring my dog is there wifi'],
    ],
  ])('%s', (message, parts) => expect(splitQuestions(message)).toEqual(parts));

  it('keeps context with its question, and one question whole', () => {
    expect(splitQuestions("it's a present for my mum, can you gift wrap it?")).toEqual([
      'its a present for my mum can you gift wrap it',
    ]);
    expect(splitQuestions('do you work on e-bikes? mine has a bosch motor')).toEqual([
      'do you work on e-bikes mine has a bosch motor',
    ]);
    expect(splitQuestions('bread and butter pudding recipe')).toEqual(['bread and butter pudding recipe']);
    expect(clausesOf("it's a present for my mum, can you gift wrap it?").context).toEqual([
      'its a present for my mum',
    ]);
    expect(clausesOf('bread and butter pudding recipe').context).toEqual([]);
  });
});
