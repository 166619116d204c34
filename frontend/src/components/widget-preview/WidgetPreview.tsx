'use client';

import type { CSSProperties } from 'react';
import { CloseOutlined, SendOutlined } from '@/components/icons';
import { firstLetterOf, homeModel, widgetPalette, type HomeLayoutSettings } from '@parley/chat-display';
import { showsCustomLink } from '@parley/contracts/validation';
import { imageUrl } from '@/lib/api/images';
import { glyphFor } from './icon-styles';
import styles from './WidgetPreview.module.css';

export interface PreviewSettings {
  /** Uploaded image ids: the header's logo and the bot's icon. */
  domainLogo?: string | null;
  image?: string | null;
  welcomeMessage?: string | null;
  background?: string | null;
  textColor?: string | null;
  iconColor?: string | null;
  themeColor?: string | null;
  helpDeskColor?: string | null;
  titleColor?: string | null;
  iconStyle?: string | null;
  /** Custom branding (Pro): the header's name, and no 'Powered by' link. */
  widgetName?: string | null;
  hidePoweredBy?: boolean | null;
  customLinkTitle?: string | null;
  customLinkDescription?: string | null;
  customLinkUrl?: string | null;
}

export type PreviewHome = HomeLayoutSettings;

/**
 * How the widget will look on the owner's site: the home tab of the chosen layout (screen 11), the
 * welcome message, and the launcher bubble in the chosen icon style and colours.
 */
export function WidgetPreview({
  settings,
  home,
  domain,
}: {
  settings: PreviewSettings;
  home: PreviewHome;
  domain: string;
}) {
  const model = homeModel(home);
  // The widget's colours are the Widget tab's (the home settings hold the same values), made
  // readable as the widget makes them (a title colour that does not read on the theme colour
  // gives way to black or white, and so on): the preview shows what visitors will see.
  const palette = widgetPalette(settings, 'light');
  const theme = palette.theme;
  const title = palette.onTheme;
  const text = palette.text;
  const background = palette.bg;
  const helpDesk = palette.help;
  const iconColor = palette.icon;
  const welcome = settings.welcomeMessage?.trim() || 'Hi there! How can we help you today?';
  // Custom branding as the owner set it (the widget itself shows it only on the Pro plan).
  const name = settings.widgetName?.trim() || domain;

  return (
    <div
      className={styles.stage}
      data-testid="widget-preview"
      data-layout={model.layout}
      aria-label="Widget preview"
    >
      <div
        className={styles.widget}
        style={{ background, color: text, '--wp-muted': palette.muted } as CSSProperties}
      >
        <header
          className={styles.header}
          style={{ background: theme, color: title }}
          data-testid="preview-header"
        >
          {settings.domainLogo ? (
            <img
              src={imageUrl(settings.domainLogo)}
              alt="Logo"
              className={styles.logo}
              data-testid="preview-logo"
            />
          ) : (
            <span className={styles.logoFallback} aria-hidden>
              {firstLetterOf(name)}
            </span>
          )}
          <div className={styles.headerText}>
            <strong data-testid="preview-title">{model.title}</strong>
            <span>{name}</span>
          </div>
          <CloseOutlined className={styles.close} aria-hidden />
        </header>

        <div className={styles.body}>
          <div className={styles.welcomeRow}>
            {settings.image && (
              <img
                src={imageUrl(settings.image)}
                alt="Assistant"
                className={styles.avatar}
                data-testid="preview-avatar"
              />
            )}
            <div className={styles.bubble} style={{ borderColor: theme }} data-testid="preview-welcome">
              {welcome}
            </div>
          </div>

          {model.askBox && (
            <div className={styles.askBox} style={{ borderColor: helpDesk }}>
              <span>Ask a question</span>
              <SendOutlined style={{ color: helpDesk }} />
            </div>
          )}

          {model.cards.length > 0 && (
            <div className={model.layout === 'compact' ? styles.tileRow : styles.tiles}>
              {model.cards.map((t) => (
                <div key={t.id} className={styles.tile} style={{ borderColor: `${helpDesk}55` }}>
                  <strong>{t.title}</strong>
                  {t.description && model.layout !== 'compact' && <span>{t.description}</span>}
                </div>
              ))}
            </div>
          )}
          {model.list.length > 0 && (
            <ul className={styles.list} data-testid="preview-list">
              {model.list.map((t) => (
                <li key={t.id}>{t.title}</li>
              ))}
            </ul>
          )}

          {model.topics.length > 0 && (
            <section className={styles.topics}>
              <h4>Popular Topics</h4>
              <ul>
                {model.topics.map((t) => (
                  <li key={t.id} style={{ color: helpDesk }}>
                    {t.title}
                  </li>
                ))}
              </ul>
            </section>
          )}

          {showsCustomLink(settings as { customLinkTitle?: string; customLinkUrl?: string }) && (
            <div className={styles.customLink} data-testid="preview-custom-link">
              <strong>{settings.customLinkTitle}</strong>
              {settings.customLinkDescription && <span>{settings.customLinkDescription}</span>}
            </div>
          )}

          <button
            type="button"
            className={styles.start}
            style={{ background: theme, color: title }}
            tabIndex={-1}
          >
            {model.startLabel}
          </button>
          {model.poweredBy && !settings.hidePoweredBy && (
            <a className={styles.powered} href="/" target="_blank" rel="noreferrer" tabIndex={-1}>
              Powered by Parley
            </a>
          )}
        </div>
      </div>

      <span
        className={styles.launcher}
        style={{ background: theme, color: iconColor }}
        data-testid="preview-launcher"
        data-icon-style={settings.iconStyle ?? 'Default'}
      >
        {settings.image ? (
          <img
            src={imageUrl(settings.image)}
            alt="Chat icon"
            className={styles.launcherImage}
            data-testid="preview-icon"
          />
        ) : (
          glyphFor(settings.iconStyle)
        )}
      </span>
    </div>
  );
}
