import { keyTopics, type TopicMessage } from './topics';

const visitor = (...texts: string[]): TopicMessage[] => texts.map((text) => ({ role: 'user', text }));

describe('key topics: what the customer asked about', () => {
  it('takes nothing out of an email address', () => {
    const topics = keyTopics(
      visitor(
        'My email is jane.doe@example.com',
        'You can also write to JANE_DOE+shop@mail.example.co.uk',
        'Please send the invoice again, the invoice never came',
      ),
    );
    expect(topics[0]).toBe('invoice');
    for (const part of ['com', 'email', 'mail', 'example', 'jane', 'doe', 'jane_doe', 'shop', 'co', 'uk']) {
      expect(topics).not.toContain(part);
    }
  });

  it('takes nothing out of web addresses', () => {
    const topics = keyTopics(
      visitor(
        'I saw the mug on https://www.mugs-example.com/products/blue-mug?ref=insta&utm_source=ig',
        'also at www.example.org/sale and example.net, is the mug dishwasher safe?',
      ),
    );
    expect(topics[0]).toBe('mug');
    for (const part of ['https', 'www', 'com', 'mugs', 'example', 'products', 'blue', 'ref', 'insta']) {
      expect(topics).not.toContain(part);
    }
    for (const part of ['utm_source', 'utm', 'source', 'org', 'sale', 'net'])
      expect(topics).not.toContain(part);
  });

  it('leaves out numbers, prices, dates, times, phone numbers and order or tracking ids', () => {
    const topics = keyTopics(
      visitor(
        'Where is order #A12-3456? Tracking 1Z999AA10123456784',
        'I paid $24.99 on 12/03/2025 at 3pm, call me on +44 20 7946 0958',
        'Reference ORD-2024-0042, 2nd order this month',
      ),
    );
    expect(topics[0]).toBe('order');
    for (const t of topics) expect(t).not.toMatch(/\d/);
    expect(topics).not.toContain('ord');
    expect(topics).not.toContain('pm');
  });

  it('leaves out stop words, greetings and chat filler', () => {
    expect(
      keyTopics(
        visitor(
          "Hi there! Thanks so much, I'd really like to know whether you could maybe help me",
          "Hello, it's me again, I don't know, just wondering",
          'ok thank you!!',
        ),
      ),
    ).toEqual([]);
    expect(keyTopics(visitor('Why does it not work? When will mine arrive? Yours did.'))).toEqual([
      'arrive',
      'work',
    ]);
  });

  it('counts a word and its plural as one topic, named as the customer wrote it most', () => {
    const topics = keyTopics(
      visitor(
        'Do you ship mugs to Norway? The mugs are a gift.',
        'How much is one mug?',
        'Mugs shipping cost?',
      ),
    );
    expect(topics[0]).toBe('mugs');
    expect(topics.filter((t) => /^mugs?$/.test(t))).toHaveLength(1);
    expect(topics).toContain('Norway');
  });

  it.each([
    [
      'German',
      [
        'Ich habe eine Frage zur Lieferung nach Österreich.',
        'Die Lieferung ist noch nicht angekommen, wo ist sie?',
      ],
      'Lieferung',
      ['ich', 'habe', 'eine', 'zur', 'nach', 'die', 'ist', 'noch', 'nicht', 'sie'],
    ],
    [
      'French',
      [
        'Bonjour, je voudrais savoir si la livraison est gratuite pour la France',
        "Merci, et l'adresse de livraison?",
      ],
      'livraison',
      ['bonjour', 'voudrais', 'si', 'la', 'est', 'pour', 'merci', 'et', 'de', "l'adresse"],
    ],
    [
      'Spanish',
      ['Hola, quiero devolver mi pedido porque el pedido llegó roto', 'Gracias, ¿cuándo llega el reembolso?'],
      'pedido',
      ['hola', 'quiero', 'mi', 'porque', 'el', 'gracias', 'cuándo'],
    ],
  ])('in %s: the words that matter, not the little words', (_language, texts, first, absent) => {
    const topics = keyTopics(visitor(...texts));
    expect(topics[0]).toBe(first);
    for (const word of absent) expect(topics.map((t) => t.toLowerCase())).not.toContain(word);
  });

  it('keeps an English word that is only a stop word of another language', () => {
    // "hat", "die" and "war" are German stop words; here they are what the customer talks about.
    expect(keyTopics(visitor('Is the wool hat in stock? I want the red hat, not the blue hat'))[0]).toBe(
      'hat',
    );
  });

  it('leaves out a key held down and tokens longer than any word', () => {
    const topics = keyTopics(
      visitor(
        'a'.repeat(5000),
        'pleeeease where is my parcel',
        'x7Kq9vLmN2pR8sT4wY6zA1bC3dE5fG0hJkLmNoPqRs parcel',
      ),
    );
    expect(topics).toEqual(['parcel']);
    // Long words of real languages stay (German compounds run to 30-odd letters).
    expect(keyTopics(visitor('Wird der Haftpflichtversicherungsbeitrag erstattet?'))).toContain(
      'Haftpflichtversicherungsbeitrag',
    );
  });

  it('splits languages written without spaces into words', () => {
    const topics = keyTopics(visitor('配送について質問があります。配送はいつですか？'));
    expect(topics[0]).toBe('配送');
    expect(topics).toContain('質問');
    for (const t of topics) expect(t.length).toBeLessThan(5);
  });

  it('reads only the customer, never notes or the team', () => {
    expect(
      keyTopics([
        { role: 'assistant', text: 'Refunds take five days' },
        { role: 'user', text: 'Where is my parcel?' },
        { role: 'user', text: 'secret note words', isNote: true },
      ]),
    ).toEqual(['parcel']);
  });

  it('gives at most the limit, most used first, ties in alphabetical order', () => {
    const topics = keyTopics(visitor('kettle teapot kettle saucer teapot kettle spoon cup', 'cup'), 3);
    expect(topics).toEqual(['kettle', 'cup', 'teapot']);
  });
});
