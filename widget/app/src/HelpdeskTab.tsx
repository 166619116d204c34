import { sanitizeMessageHtml } from '@parley/chat-display';
import { useEffect, useMemo, useRef, useState } from 'react';
import { widgetApi } from './api';
import { Icon } from './icons';
import type { VisitorSessions } from './session';
import type { Article, WidgetSettings } from './types';

export interface HelpdeskTarget {
  articleId: string | null;
  query: string | null;
}

/** Published help articles: search as you type, read one, and say whether it helped. */
export function HelpdeskTab({
  domainId,
  settings,
  sessions,
  target,
}: {
  domainId: string;
  settings: WidgetSettings;
  sessions: VisitorSessions;
  target: HelpdeskTarget | null;
}) {
  const [articles, setArticles] = useState<Article[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState(target?.query ?? '');
  const [openId, setOpenId] = useState<string | null>(target?.articleId ?? null);

  useEffect(() => {
    setQuery(target?.query ?? '');
    setOpenId(target?.articleId ?? null);
  }, [target]);

  useEffect(() => {
    widgetApi
      .articles(domainId)
      .then(setArticles)
      .catch(() => setFailed(true));
  }, [domainId]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!articles) return [];
    if (!q) return articles;
    return articles.filter((a) =>
      [a.title, a.question, a.answer, a.content ?? ''].some((t) => t.toLowerCase().includes(q)),
    );
  }, [articles, query]);

  const article = openId ? articles?.find((a) => a.id === openId) : undefined;
  if (article)
    return (
      <ArticleView article={article} settings={settings} sessions={sessions} onBack={() => setOpenId(null)} />
    );

  return (
    <div className="pw-helpdesk" data-testid="helpdesk">
      <label className="pw-search">
        <Icon name="search" size={14} />
        <input
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search for help"
          aria-label="Search articles"
          data-testid="helpdesk-search"
        />
      </label>
      {failed && <p className="pw-muted">The help articles could not be loaded.</p>}
      {articles && shown.length === 0 && <p className="pw-muted">No articles found.</p>}
      <ul className="pw-articles">
        {shown.map((a) => (
          <li key={a.id}>
            <button type="button" onClick={() => setOpenId(a.id)} data-testid="helpdesk-article">
              <strong>{a.title}</strong>
              {a.category && <span>{a.category}</span>}
              <Icon name="right" size={12} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ArticleView({
  article,
  settings,
  sessions,
  onBack,
}: {
  article: Article;
  settings: WidgetSettings;
  sessions: VisitorSessions;
  onBack: () => void;
}) {
  const [answered, setAnswered] = useState(false);
  // The opened article's heading takes focus, so it is read out and Tab goes on from there.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [article.id]);
  const feedback = async (helpful: boolean) => {
    setAnswered(true);
    try {
      const session = await sessions.ensure();
      await widgetApi.feedback(session.token, article.id, helpful);
    } catch {
      // The thank-you stays: feedback is a courtesy, not something the visitor must retry.
    }
  };
  return (
    <article className="pw-article" data-testid="article-view">
      <button type="button" className="pw-back" onClick={onBack}>
        <Icon name="left" size={12} /> All articles
      </button>
      <h2 ref={heading} tabIndex={-1} data-testid="article-title">
        {article.title}
      </h2>
      <p className="pw-article-question">{article.question}</p>
      <div
        className="pw-article-body"
        dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(article.answer) }}
      />
      {article.content && (
        <div
          className="pw-article-body"
          dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(article.content) }}
        />
      )}
      {settings.feedbackEnabled && (
        <div className="pw-feedback" data-testid="article-feedback">
          {answered ? (
            <p data-testid="feedback-follow-up">{settings.feedbackFollowUp}</p>
          ) : (
            <>
              <p>{settings.feedbackQuestion}</p>
              <button type="button" onClick={() => void feedback(true)} data-testid="feedback-yes">
                {settings.feedbackYesText}
              </button>
              <button type="button" onClick={() => void feedback(false)} data-testid="feedback-no">
                {settings.feedbackNoText}
              </button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
