import type { DomainKnowledge } from '../../knowledge/model';

/** Two businesses whose facts differ on the same subjects, so a test can tell whose reached the prompt. */
export const mugShop: DomainKnowledge = {
  domainId: '6f1c1a52-8f5e-4a44-9f0a-0d6a3c1b0001',
  revision: 3,
  accountId: 'a1111111-1111-4111-8111-111111111111',
  domain: 'mugs.example',
  welcomeMessage: 'Hi! Ask me anything about our mugs.',
  config: {
    personality: 'friendly',
    tone: 'casual',
    businessDescription: 'Hand-thrown stoneware mugs, made in Leeds.',
    industry: 'retail',
    responseStyle: 'concise',
    handoff: 'moderate',
    shippingEnabled: true,
    shippingTime: '3-5',
    shippingRegions: ['domestic_international'],
    shippingCosts: { domestic_international: 4.95 },
    freeShippingThreshold: 50,
  },
  filterQuestions: [{ id: 'fq-1', question: 'Are the mugs dishwasher safe?', answer: 'Yes, every mug is.' }],
  articles: [
    {
      id: 'art-returns',
      title: 'Returns',
      question: 'Can I return a mug?',
      answer: 'Unused mugs can be returned within 30 days for a full refund.',
      content: 'Write to us with your order number.',
      category: 'Orders',
      tags: ['returns'],
    },
    {
      id: 'art-care',
      title: 'Caring for your mug',
      question: 'How do I clean my mug?',
      answer: 'Hand-wash or dishwasher; avoid the microwave for gold-rimmed mugs.',
      content: '',
      category: 'Care',
      tags: [],
    },
  ],
  products: [
    {
      id: 'prod-blue',
      name: 'Blue Speckle Mug',
      description: 'A 350 ml mug with a speckled blue glaze.',
      productType: 'mug',
      price: 24,
      hasDiscount: true,
      discount: 25,
      productUrl: 'https://mugs.example/shop/blue-speckle',
      variants: [
        {
          name: 'Size',
          trackQuantity: true,
          options: [
            { value: 'Regular', priceAdjustment: 0, quantity: 5 },
            { value: 'Large', priceAdjustment: 4, quantity: 0 },
          ],
        },
      ],
    },
  ],
  appointmentTypes: [
    { id: 'appt-1', name: 'Studio visit', appointmentType: 'See the kiln, 30 minutes', price: 0 },
  ],
};

export const dentalClinic: DomainKnowledge = {
  domainId: '6f1c1a52-8f5e-4a44-9f0a-0d6a3c1b0002',
  revision: 1,
  accountId: 'b2222222-2222-4222-8222-222222222222',
  domain: 'smiles.example',
  welcomeMessage: 'Welcome to Smiles Dental.',
  config: {
    personality: 'professional',
    tone: 'formal',
    businessDescription: 'A family dental clinic in Bristol.',
    industry: 'healthcare',
    responseStyle: 'detailed',
    handoff: 'quick',
    shippingEnabled: false,
    shippingTime: '',
    shippingRegions: [],
    shippingCosts: {},
    freeShippingThreshold: 0,
  },
  filterQuestions: [],
  articles: [
    {
      id: 'art-returns',
      title: 'Returns',
      question: 'Can I return a product?',
      answer: 'Dental products can be returned within 60 days.',
      content: '',
      category: 'Orders',
      tags: [],
    },
  ],
  products: [],
  appointmentTypes: [],
};
