import { homeLayoutModel } from './home-layout';

const links = Array.from({ length: 8 }, (_, i) => ({
  id: `l${i}`,
  title: `Link ${i}`,
  url: 'https://x.com',
}));
const topics = Array.from({ length: 7 }, (_, i) => ({ id: `t${i}`, title: `Topic ${i}` }));
const home = {
  customLinksEnabled: true,
  customLinks: links,
  popularTopicsEnabled: true,
  popularTopics: topics,
};

describe('widget home layouts (screen 11)', () => {
  it("classic starts a live chat with 'Start Live Chat'", () => {
    const m = homeLayoutModel({ ...home, homeLayout: 'classic' });
    expect(m).toMatchObject({
      layout: 'classic',
      startLabel: 'Start Live Chat',
      askBox: false,
      poweredBy: false,
    });
    expect(m.cardTiles).toHaveLength(8);
  });

  it('modern shows the first 4 tiles as cards and the rest as a list', () => {
    const m = homeLayoutModel({ ...home, homeLayout: 'modern' });
    expect(m.cardTiles.map((t) => t.id)).toEqual(['l0', 'l1', 'l2', 'l3']);
    expect(m.listTiles.map((t) => t.id)).toEqual(['l4', 'l5', 'l6', 'l7']);
  });

  it("compact reads 'Start New Conversation' with at most 4 topics", () => {
    const m = homeLayoutModel({ ...home, homeLayout: 'compact' });
    expect(m.startLabel).toBe('Start New Conversation');
    expect(m.topics).toHaveLength(4);
  });

  it("helpdesk has the 'Ask a question' box, at most 6 tiles and 4 topics", () => {
    const m = homeLayoutModel({ ...home, homeLayout: 'helpdesk' });
    expect(m).toMatchObject({ askBox: true });
    expect(m.cardTiles).toHaveLength(6);
    expect(m.topics).toHaveLength(4);
  });

  it("any other value is the default layout: 'Start Chat' with 'Powered by'", () => {
    for (const homeLayout of ['', 'fancy', null, undefined]) {
      expect(homeLayoutModel({ ...home, homeLayout })).toMatchObject({
        layout: 'default',
        startLabel: 'Start Chat',
        poweredBy: true,
      });
    }
  });

  it('shows no tiles or topics while they are switched off, and the default title when blank', () => {
    const m = homeLayoutModel({
      ...home,
      customLinksEnabled: false,
      popularTopicsEnabled: false,
      homeTitle: '  ',
    });
    expect(m.cardTiles).toEqual([]);
    expect(m.topics).toEqual([]);
    expect(m.title).toBe('Welcome to Support');
  });
});
