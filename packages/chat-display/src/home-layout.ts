/** A domain's home tab settings as the widget profile and the dashboard's settings form carry them. */
export interface HomeLayoutSettings {
  homeTitle?: string | null;
  customLinksEnabled?: boolean | null;
  customLinks?: Array<{
    id: string;
    title?: string | null;
    url?: string | null;
    description?: string | null;
  }> | null;
  popularTopicsEnabled?: boolean | null;
  popularTopics?: Array<{ id: string; title: string; linkType: string; linkTarget?: string | null }> | null;
  homeLayout?: string | null;
}

/** Spec section 9 defaults. */
export const DEFAULT_HOME_TITLE = 'Welcome to Support';
export const DEFAULT_THEME_COLOR = '#6366f1';
/** Spec section 9 "Home tab limits". */
export const MODERN_CARDS = 4;
export const COMPACT_TOPICS = 4;
export const HELPDESK_TOPICS = 4;
export const HELPDESK_TILES = 6;

export type HomeLayoutName = 'classic' | 'modern' | 'compact' | 'helpdesk' | 'default';

export interface HomeTile {
  id: string;
  title: string;
  url: string;
  description: string | null;
}

export interface HomeTopic {
  id: string;
  title: string;
  linkType: 'helpdesk_general' | 'helpdesk_specific' | 'external_url';
  linkTarget: string | null;
}

export interface HomeModel {
  layout: HomeLayoutName;
  title: string;
  startLabel: string;
  cards: HomeTile[];
  list: HomeTile[];
  topics: HomeTopic[];
  askBox: boolean;
  poweredBy: boolean;
}

const LAYOUTS: readonly HomeLayoutName[] = ['classic', 'modern', 'compact', 'helpdesk'];
const LINK_TYPES: readonly HomeTopic['linkType'][] = [
  'helpdesk_general',
  'helpdesk_specific',
  'external_url',
];

/** Spec: a custom link shows only with both title and url. */
function tilesOf(home: HomeLayoutSettings): HomeTile[] {
  if (!home.customLinksEnabled) return [];
  return (home.customLinks ?? []).flatMap((l) => {
    const title = l.title?.trim();
    const url = l.url?.trim();
    return title && url ? [{ id: l.id, title, url, description: l.description?.trim() || null }] : [];
  });
}

function topicsOf(home: HomeLayoutSettings): HomeTopic[] {
  if (!home.popularTopicsEnabled) return [];
  return (home.popularTopics ?? []).flatMap((t) => {
    const title = t.title?.trim();
    const linkType = LINK_TYPES.find((k) => k === t.linkType);
    return title && linkType ? [{ id: t.id, title, linkType, linkTarget: t.linkTarget?.trim() || null }] : [];
  });
}

/**
 * Spec screen 11: what the home tab shows for a layout; any other value gives the default layout.
 * The widget renders it and the dashboard's live preview shows the same, so they cannot disagree.
 */
export function homeModel(home: HomeLayoutSettings): HomeModel {
  const layout = LAYOUTS.find((l) => l === home.homeLayout) ?? 'default';
  const tiles = tilesOf(home);
  const topics = topicsOf(home);
  const base = {
    layout,
    title: home.homeTitle?.trim() || DEFAULT_HOME_TITLE,
    list: [] as HomeTile[],
    askBox: false,
    poweredBy: false,
  };
  switch (layout) {
    case 'classic':
      return { ...base, startLabel: 'Start Live Chat', cards: tiles, topics };
    case 'modern':
      return {
        ...base,
        startLabel: 'Start Chat',
        cards: tiles.slice(0, MODERN_CARDS),
        list: tiles.slice(MODERN_CARDS),
        topics,
      };
    case 'compact':
      return {
        ...base,
        startLabel: 'Start New Conversation',
        cards: tiles,
        topics: topics.slice(0, COMPACT_TOPICS),
      };
    case 'helpdesk':
      return {
        ...base,
        startLabel: 'Start Chat',
        askBox: true,
        cards: tiles.slice(0, HELPDESK_TILES),
        topics: topics.slice(0, HELPDESK_TOPICS),
      };
    default:
      return { ...base, startLabel: 'Start Chat', poweredBy: true, cards: tiles, topics };
  }
}

export type TopicAction =
  { kind: 'helpdesk'; articleId: string | null; query: string | null } | { kind: 'external'; href: string };

/** Where a popular topic leads: the helpdesk (all, or one article / a search), or an external page. */
export function topicAction(topic: HomeTopic): TopicAction {
  if (topic.linkType === 'external_url') {
    try {
      const url = new URL(topic.linkTarget ?? '');
      if (url.protocol === 'http:' || url.protocol === 'https:') return { kind: 'external', href: url.href };
    } catch {
      // Not a usable address: fall back to the helpdesk.
    }
    return { kind: 'helpdesk', articleId: null, query: topic.title };
  }
  if (topic.linkType === 'helpdesk_specific' && topic.linkTarget)
    return { kind: 'helpdesk', articleId: topic.linkTarget, query: null };
  return { kind: 'helpdesk', articleId: null, query: null };
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A hex colour from settings, or the fallback when it is missing or not one. */
export const colour = (value: string | null | undefined, fallback: string) =>
  value && HEX.test(value.trim()) ? value.trim() : fallback;
