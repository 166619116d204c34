import {
  addDomainSchema,
  appointmentTypeSchema,
  DOMAIN_MESSAGES as M,
  domainConfigSchema,
  domainSettingsSchema,
  filterQuestionSchema,
  helpArticleSchema,
  HOME_MESSAGES as H,
  optionAvailable,
  productSchema,
  searchSchema,
  showsCustomLink,
  widgetHomeSettingsSchema,
} from './index';
import type { z } from 'zod';

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('domain rules', () => {
  it.each([
    ['', M.domainMin],
    ['a.b', M.domainMin],
    ['shop', M.domainFormat],
    ['my shop.com', M.domainFormat],
    ['shop.comm', M.domainFormat],
    [`${'a'.repeat(64)}.com`, M.domainFormat],
    ['-shop.com', M.domainFormat],
  ])('%j -> %s', (domain, message) => expect(firstMessage(addDomainSchema, { domain })).toBe(message));

  it('accepts and lower-cases a hostname', () => {
    expect(addDomainSchema.parse({ domain: ' Shop.Example.CO ' })).toEqual({ domain: 'shop.example.co' });
  });
});

describe('settings rules', () => {
  it.each([
    [{ welcomeMessage: 'Hi!' }, M.welcomeMin],
    [{ themeColor: '#12345' }, M.hexColor],
    [{ textColor: 'red' }, M.hexColor],
    [{ customLinkUrl: 'javascript:alert(1)' }, M.url],
    [{ customLinkUrl: 'not a url' }, M.url],
    [{ feedbackQuestion: '  ' }, M.feedbackQuestion],
    [{ feedbackYesText: '' }, M.feedbackYes],
    [{ feedbackFollowUp: '' }, M.feedbackFollowUp],
  ])('%j -> %s', (input, message) => expect(firstMessage(domainSettingsSchema, input)).toBe(message));

  it('takes a currency the domain can price in, and refuses any other value with a message', () => {
    expect(domainSettingsSchema.parse({ currency: 'GBP' })).toEqual({ currency: 'GBP' });
    expect(firstMessage(domainSettingsSchema, { currency: 'gbp' })).toBe('Please choose a currency');
    expect(firstMessage(domainSettingsSchema, { currency: 'XXX' })).toBe('Please choose a currency');
    expect(firstMessage(domainSettingsSchema, { currency: 5 })).toBe('Please choose a currency');
  });

  it('accepts 3- and 6-digit colours and an empty custom link url', () => {
    expect(
      domainSettingsSchema.parse({ themeColor: '#abc', iconColor: '#A1B2C3', customLinkUrl: '' }),
    ).toEqual({
      themeColor: '#abc',
      iconColor: '#A1B2C3',
      customLinkUrl: undefined,
    });
  });

  it('takes the logo and the icon as uploaded image ids, lower-cased; null or blank clears them', () => {
    const id = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    expect(domainSettingsSchema.parse({ domainLogo: id, image: ` ${id} ` })).toEqual({
      domainLogo: id.toLowerCase(),
      image: id.toLowerCase(),
    });
    const cleared = domainSettingsSchema.parse({ domainLogo: null, image: '' });
    expect(cleared).toEqual({ domainLogo: undefined, image: undefined });
    // Present as undefined (a clear), not absent (left alone).
    expect(Object.keys(cleared).sort()).toEqual(['domainLogo', 'image']);
    expect(domainSettingsSchema.parse({})).toEqual({});
  });

  it.each([['/api/images/x'], ['https://cdn.example.com/logo.png'], ['not-an-id'], [42]])(
    'refuses %j as an image id',
    (value) => {
      expect(domainSettingsSchema.safeParse({ domainLogo: value }).success).toBe(false);
      expect(domainSettingsSchema.safeParse({ image: value }).success).toBe(false);
    },
  );

  it('shows a custom link only with both title and url', () => {
    expect(showsCustomLink({ customLinkTitle: 'Docs' })).toBe(false);
    expect(showsCustomLink({ customLinkTitle: 'Docs', customLinkUrl: 'https://x.io' })).toBe(true);
  });

  it('turns an unparseable free-shipping threshold into 0', () => {
    const base = {
      personality: 'friendly',
      tone: 'casual',
      industry: 'retail',
      responseStyle: 'concise',
      handoff: 'quick',
    };
    expect(domainConfigSchema.parse({ ...base, freeShippingThreshold: 'abc' }).freeShippingThreshold).toBe(0);
    expect(domainConfigSchema.parse({ ...base, freeShippingThreshold: '49.5' }).freeShippingThreshold).toBe(
      49.5,
    );
    expect(domainConfigSchema.parse(base).freeShippingThreshold).toBe(0);
  });
});

describe('home tab rules', () => {
  const link = { id: 'l1', title: 'Guide', url: 'https://shop.example/guide' };
  const topic = { id: 't1', title: 'Shipping', linkType: 'helpdesk_general' };
  const issues = (input: unknown) => {
    const r = widgetHomeSettingsSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('takes links and topics without an id (the service gives them one)', () => {
    const { id: _l, ...linkWithoutId } = link;
    const { id: _t, ...topicWithoutId } = topic;
    expect(issues({ customLinks: [linkWithoutId], popularTopics: [topicWithoutId] })).toEqual([]);
  });

  it.each([
    [{ homeTitle: '  ' }, 'homeTitle', H.homeTitle],
    [{ customLinks: [{ ...link, title: '' }] }, 'customLinks.0.title', H.linkTitle],
    [{ customLinks: [{ ...link, title: undefined }] }, 'customLinks.0.title', H.linkTitle],
    [{ customLinks: [{ ...link, url: 'mugs' }] }, 'customLinks.0.url', M.url],
    [{ customLinks: [link, { ...link, title: 'Other' }] }, 'customLinks.1.id', H.sameId],
    [{ popularTopics: [{ ...topic, title: ' ' }] }, 'popularTopics.0.title', H.topicTitle],
    [{ popularTopics: [{ ...topic, linkType: 'faq' }] }, 'popularTopics.0.linkType', H.topicLinkType],
    [
      { popularTopics: [{ ...topic, linkType: 'external_url', linkTarget: 'not a url' }] },
      'popularTopics.0.linkTarget',
      M.url,
    ],
    [
      { popularTopics: [{ ...topic, linkType: 'helpdesk_specific' }] },
      'popularTopics.0.linkTarget',
      H.topicArticle,
    ],
    [{ popularTopics: [topic, { ...topic, title: 'Returns' }] }, 'popularTopics.1.id', H.sameId],
    [
      { customLinks: Array.from({ length: 21 }, (_, i) => ({ ...link, id: `l${i}` })) },
      'customLinks',
      H.tooManyLinks,
    ],
    [{ themeColor: '#12' }, 'themeColor', M.hexColor],
  ])('%j -> %s: %s', (input, path, message) => expect(issues(input)).toEqual([{ path, message }]));

  it('keeps a target only where the topic leads to one, and drops a blank description', () => {
    const parsed = widgetHomeSettingsSchema.parse({
      customLinks: [{ ...link, description: '  ' }],
      popularTopics: [
        { ...topic, linkTarget: 'left over' },
        { id: 't2', title: 'Care', linkType: 'helpdesk_specific', linkTarget: ' a1 ' },
        { id: 't3', title: 'Blog', linkType: 'external_url', linkTarget: 'https://shop.example/blog' },
      ],
    });
    expect(parsed.customLinks).toEqual([{ ...link, description: undefined }]);
    expect(parsed.popularTopics).toEqual([
      { ...topic, linkTarget: undefined },
      { id: 't2', title: 'Care', linkType: 'helpdesk_specific', linkTarget: 'a1' },
      { id: 't3', title: 'Blog', linkType: 'external_url', linkTarget: 'https://shop.example/blog' },
    ]);
  });
});

describe('content rules', () => {
  const product = { domainId: 'd', name: 'Mug', price: 10, productType: 'physical', description: 'A mug' };
  it.each([
    [{ ...product, name: '' }, M.productName],
    [{ ...product, price: '' }, M.price],
    [{ ...product, productType: ' ' }, M.productType],
    [{ ...product, description: '' }, M.description],
    [{ ...product, productUrl: 'ftp://x.io/a' }, M.url],
  ])('product %#', (input, message) => expect(firstMessage(productSchema, input)).toBe(message));

  it.each(['0x10', '0b11', '0o7', ' ', '1e3', 'Infinity', '-5', '1,5', '12abc'])(
    'refuses the price %j: Price is required',
    (price) => {
      expect(firstMessage(productSchema, { ...product, price })).toBe(M.price);
      expect(
        firstMessage(appointmentTypeSchema, { domainId: 'd', name: 'n', price, appointmentType: 'call' }),
      ).toBe(M.price);
    },
  );

  it.each([
    ['12', 12],
    [' 12.5 ', 12.5],
    ['.5', 0.5],
    ['3.', 3],
    ['0.125', 0.13],
    [7, 7],
  ])('reads the price %j as %d', (price, expected) => {
    expect(productSchema.parse({ ...product, price }).price).toBe(expected);
  });

  it('derives the discounted price', () => {
    expect(
      productSchema.parse({ ...product, price: '20', hasDiscount: true, discount: 25 }).discountedPrice,
    ).toBe(15);
  });

  it('disables tracked options without stock', () => {
    expect(optionAvailable({ trackQuantity: true }, { quantity: 0 })).toBe(false);
    expect(optionAvailable({ trackQuantity: true }, {})).toBe(false);
    expect(optionAvailable({ trackQuantity: false }, {})).toBe(true);
  });

  const article = { domainId: 'd', title: 't', question: 'q', answer: 'a' };

  it("keeps an article's other ways of asking, trimmed, and defaults them to none", () => {
    expect(helpArticleSchema.parse(article).questionVariants).toEqual([]);
    expect(
      helpArticleSchema.parse({ ...article, questionVariants: [' can I get my money back? ', 'refund pls'] })
        .questionVariants,
    ).toEqual(['can I get my money back?', 'refund pls']);
    expect(
      helpArticleSchema.parse({ ...article, questionVariants: Array(10).fill('how?') }).questionVariants,
    ).toHaveLength(10);
  });

  it.each([
    [filterQuestionSchema, { question: '', answer: 'a' }, M.filterQuestion],
    [filterQuestionSchema, { question: 'q', answer: '' }, M.filterAnswer],
    [helpArticleSchema, { domainId: 'd', title: '', question: 'q', answer: 'a' }, M.articleTitle],
    [helpArticleSchema, { domainId: 'd', title: 't', question: '', answer: 'a' }, M.articleQuestion],
    [helpArticleSchema, { domainId: 'd', title: 't', question: 'q', answer: '' }, M.articleAnswer],
    [helpArticleSchema, { ...article, questionVariants: ['  '] }, M.questionVariantEmpty],
    [helpArticleSchema, { ...article, questionVariants: [7] }, M.questionVariantEmpty],
    [helpArticleSchema, { ...article, questionVariants: ['x'.repeat(201)] }, M.questionVariantLong],
    [helpArticleSchema, { ...article, questionVariants: Array(11).fill('how?') }, M.questionVariantsMany],
    [
      appointmentTypeSchema,
      { domainId: 'd', name: '', price: 1, appointmentType: 'call' },
      M.appointmentName,
    ],
    [appointmentTypeSchema, { domainId: 'd', name: 'n', appointmentType: 'call' }, M.price],
    [appointmentTypeSchema, { domainId: 'd', name: 'n', price: 1, appointmentType: '' }, M.appointmentType],
    [searchSchema, { query: '', domainId: 'd' }, M.searchQuery],
    [searchSchema, { query: 'q', domainId: '' }, M.searchDomain],
  ])('rule %#', (schema, input, message) => expect(firstMessage(schema as z.ZodType, input)).toBe(message));
});
