import type { FormEvent } from 'react';
import { homeModel, topicAction, type HomeTopic } from '@parley/chat-display';
import { Icon } from './icons';
import type { WidgetProfile } from './types';

/** The product's public site, put into the page by the gateway (PUBLIC_APP_URL). */
const poweredByUrl = () =>
  document.querySelector<HTMLMetaElement>('meta[name="parley-app-url"]')?.content || 'about:blank';

/** Spec screen 11: the home tab of the domain's layout. */
export function HomeTab({
  profile,
  onStartChat,
  onTopic,
  onBook,
}: {
  profile: WidgetProfile;
  onStartChat: () => void;
  onTopic: (topic: HomeTopic) => void;
  onBook: () => void;
}) {
  const model = homeModel(profile.homeSettings);
  const s = profile.settings;
  const ask = (e: FormEvent) => {
    e.preventDefault();
    onStartChat();
  };
  const showCustomLink = !!(s.customLinkTitle?.trim() && s.customLinkUrl?.trim());

  return (
    <div className={`pw-home pw-home-${model.layout}`} data-testid="home" data-layout={model.layout}>
      <h2 className="pw-home-title" data-testid="home-title">
        {model.title}
      </h2>
      <p className="pw-welcome">{s.welcomeMessage}</p>

      {model.askBox && (
        <form className="pw-ask" onSubmit={ask} data-testid="home-ask">
          {/* Spec: read-only 'Ask a question' box that starts chat. */}
          <input
            readOnly
            placeholder="Ask a question"
            aria-label="Ask a question"
            onClick={onStartChat}
            onFocus={onStartChat}
          />
          <button type="submit" aria-label="Ask">
            <Icon name="send" />
          </button>
        </form>
      )}

      {model.cards.length > 0 && (
        <div className="pw-cards" data-testid="home-cards">
          {model.cards.map((t) => (
            <a
              key={t.id}
              className="pw-card"
              href={t.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="home-card"
            >
              <strong>{t.title}</strong>
              {t.description && model.layout !== 'compact' && <span>{t.description}</span>}
            </a>
          ))}
        </div>
      )}
      {model.list.length > 0 && (
        <ul className="pw-link-list" data-testid="home-list">
          {model.list.map((t) => (
            <li key={t.id}>
              <a href={t.url} target="_blank" rel="noopener noreferrer">
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      )}

      {model.topics.length > 0 && (
        <section className="pw-topics" data-testid="home-topics">
          <h3>Popular Topics</h3>
          <ul>
            {model.topics.map((t) => {
              const action = topicAction(t);
              return (
                <li key={t.id}>
                  {action.kind === 'external' ? (
                    <a href={action.href} target="_blank" rel="noopener noreferrer" data-testid="home-topic">
                      {t.title}
                    </a>
                  ) : (
                    <button type="button" onClick={() => onTopic(t)} data-testid="home-topic">
                      {t.title}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {showCustomLink && (
        <a
          className="pw-custom-link"
          href={s.customLinkUrl!}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="custom-link"
        >
          <strong>{s.customLinkTitle}</strong>
          {s.customLinkDescription && <span>{s.customLinkDescription}</span>}
        </a>
      )}

      <button type="button" className="pw-primary" onClick={onStartChat} data-testid="home-start">
        {model.startLabel}
      </button>
      <button type="button" className="pw-secondary" onClick={onBook} data-testid="home-book">
        <Icon name="calendar" size={14} /> Book a meeting
      </button>
      {model.poweredBy && !s.hidePoweredBy && (
        <a
          className="pw-powered"
          href={poweredByUrl()}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="powered-by"
        >
          Powered by Parley
        </a>
      )}
    </div>
  );
}
