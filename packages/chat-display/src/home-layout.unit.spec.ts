import { homeModel, topicAction } from './home-layout';

const links = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `l${i}`, title: `Link ${i}`, url: `https://a.example/${i}` }));
const topics = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}`, linkType: 'helpdesk_general' }));
const home = (layout: string | null, nLinks = 8, nTopics = 6) => ({
  homeLayout: layout,
  customLinksEnabled: true,
  customLinks: links(nLinks),
  popularTopicsEnabled: true,
  popularTopics: topics(nTopics),
});

describe('homeModel', () => {
  it('classic: Start Live Chat, every tile and topic', () => {
    const m = homeModel(home('classic'));
    expect(m).toMatchObject({
      layout: 'classic',
      startLabel: 'Start Live Chat',
      askBox: false,
      poweredBy: false,
    });
    expect(m.cards).toHaveLength(8);
    expect(m.topics).toHaveLength(6);
  });

  it('modern: the first 4 tiles as cards, the rest as a list', () => {
    const m = homeModel(home('modern'));
    expect(m.cards.map((t) => t.id)).toEqual(['l0', 'l1', 'l2', 'l3']);
    expect(m.list.map((t) => t.id)).toEqual(['l4', 'l5', 'l6', 'l7']);
  });

  it('compact: Start New Conversation, at most 4 topics', () => {
    const m = homeModel(home('compact'));
    expect(m.startLabel).toBe('Start New Conversation');
    expect(m.topics).toHaveLength(4);
  });

  it('helpdesk: the ask box, at most 6 tiles and 4 topics', () => {
    const m = homeModel(home('helpdesk'));
    expect(m).toMatchObject({ askBox: true, startLabel: 'Start Chat' });
    expect(m.cards).toHaveLength(6);
    expect(m.topics).toHaveLength(4);
  });

  it.each([null, '', 'fancy', 'Classic'])('any other value (%p) gives the default layout', (layout) => {
    const m = homeModel(home(layout));
    expect(m).toMatchObject({ layout: 'default', startLabel: 'Start Chat', poweredBy: true, askBox: false });
  });

  it('uses the home title, or Welcome to Support', () => {
    expect(homeModel({ homeTitle: '  Hello  ' }).title).toBe('Hello');
    expect(homeModel({ homeTitle: ' ' }).title).toBe('Welcome to Support');
    expect(homeModel({}).title).toBe('Welcome to Support');
  });

  it('shows custom links only when enabled and with both title and url', () => {
    const customLinks = [
      { id: 'a', title: 'Both', url: 'https://a.example' },
      { id: 'b', title: 'No url', url: ' ' },
      { id: 'c', title: '', url: 'https://c.example' },
    ];
    expect(
      homeModel({ homeLayout: 'classic', customLinksEnabled: true, customLinks }).cards.map((t) => t.id),
    ).toEqual(['a']);
    expect(homeModel({ homeLayout: 'classic', customLinksEnabled: false, customLinks }).cards).toEqual([]);
  });

  it('shows topics only when enabled', () => {
    expect(homeModel({ popularTopicsEnabled: false, popularTopics: topics(2) }).topics).toEqual([]);
  });
});

describe('topicAction', () => {
  it('opens the helpdesk, an article, or an external http(s) page', () => {
    const t = { id: 't', title: 'Billing', linkTarget: null };
    expect(topicAction({ ...t, linkType: 'helpdesk_general' })).toEqual({
      kind: 'helpdesk',
      articleId: null,
      query: null,
    });
    expect(topicAction({ ...t, linkType: 'helpdesk_specific', linkTarget: 'a1' })).toEqual({
      kind: 'helpdesk',
      articleId: 'a1',
      query: null,
    });
    expect(topicAction({ ...t, linkType: 'external_url', linkTarget: 'https://x.example/p' })).toEqual({
      kind: 'external',
      href: 'https://x.example/p',
    });
    expect(topicAction({ ...t, linkType: 'external_url', linkTarget: 'javascript:alert(1)' }).kind).toBe(
      'helpdesk',
    );
  });
});
