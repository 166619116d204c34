import { WIDGET_HOME_DEFAULTS } from '@parley/contracts/validation';

/** What the widget's home tab shows for a layout (spec screen 11); any other value is 'default'. */
export interface HomeTile {
  id: string;
  title: string;
  description?: string;
}

export interface HomeLayoutModel {
  layout: 'classic' | 'modern' | 'compact' | 'helpdesk' | 'default';
  title: string;
  startLabel: string;
  /** Tiles shown as cards, then as a plain list (modern: first 4 cards, the rest a list). */
  cardTiles: HomeTile[];
  listTiles: HomeTile[];
  topics: HomeTile[];
  askBox: boolean;
  poweredBy: boolean;
}

export interface HomeSettingsLike {
  homeTitle?: string | null;
  homeLayout?: string | null;
  customLinksEnabled?: boolean | null;
  customLinks?: { id: string; title: string; url?: string; description?: string | null }[] | null;
  popularTopicsEnabled?: boolean | null;
  popularTopics?: { id: string; title: string }[] | null;
}

export function homeLayoutModel(home: HomeSettingsLike): HomeLayoutModel {
  const known = ['classic', 'modern', 'compact', 'helpdesk'] as const;
  const layout: HomeLayoutModel['layout'] = (known as readonly string[]).includes(home.homeLayout ?? '')
    ? (home.homeLayout as (typeof known)[number])
    : 'default';
  const tiles: HomeTile[] = home.customLinksEnabled
    ? (home.customLinks ?? []).map((l) => ({
        id: l.id,
        title: l.title,
        description: l.description ?? undefined,
      }))
    : [];
  const topics: HomeTile[] = home.popularTopicsEnabled
    ? (home.popularTopics ?? []).map((t) => ({ id: t.id, title: t.title }))
    : [];
  const base = {
    layout,
    title: home.homeTitle?.trim() || WIDGET_HOME_DEFAULTS.homeTitle,
    askBox: false,
    poweredBy: false,
  };
  switch (layout) {
    case 'classic':
      return { ...base, startLabel: 'Start Live Chat', cardTiles: tiles, listTiles: [], topics };
    case 'modern':
      return {
        ...base,
        startLabel: 'Start Chat',
        cardTiles: tiles.slice(0, 4),
        listTiles: tiles.slice(4),
        topics,
      };
    case 'compact':
      return {
        ...base,
        startLabel: 'Start New Conversation',
        cardTiles: tiles,
        listTiles: [],
        topics: topics.slice(0, 4),
      };
    case 'helpdesk':
      return {
        ...base,
        startLabel: 'Start Chat',
        askBox: true,
        cardTiles: tiles.slice(0, 6),
        listTiles: [],
        topics: topics.slice(0, 4),
      };
    default:
      return { ...base, startLabel: 'Start Chat', poweredBy: true, cardTiles: tiles, listTiles: [], topics };
  }
}
