import type { DomainKnowledge } from '../knowledge/model';

export { labelOf } from '../knowledge/labels';

/**
 * The link the widget shows under an article answer: JSON {href, title, description} with href
 * `#article:<id>`, which names the article for the widget's helpdesk rather than a page.
 */
export function articleLink(k: DomainKnowledge, id: string): string | null {
  const a = k.articles.find((x) => x.id === id);
  if (!a) return null;
  return JSON.stringify({ href: `#article:${a.id}`, title: a.title, description: a.question });
}
