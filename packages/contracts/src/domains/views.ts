import type { Currency, DomainConfigInput, IconStyle } from '../validation/domains';

/** The REST answers of docs/api/domains.md, shared by the gateway and the frontend. */
export interface DomainView {
  id: string;
  domain: string;
  createdAt: string;
}

export interface DomainLimits {
  /** -1 means unlimited (shown as ∞). */
  maxDomains: number;
  used: number;
}

export interface DomainSettings {
  /** Image ids (GET /api/images/{id}): the widget header's logo and the bot's icon. */
  domainLogo?: string;
  image?: string;
  welcomeMessage: string;
  background: string;
  textColor: string;
  iconColor: string;
  themeColor: string;
  helpDeskColor: string;
  titleColor: string;
  iconStyle: IconStyle;
  paymentEnabled: boolean;
  /** ISO 4217 code of the domain's prices (CURRENCIES); absent on domains saved before it existed: USD. */
  currency?: Currency;
  /** Custom branding (PRO only; a STANDARD account's widget shows neither): the header's name. */
  widgetName?: string;
  /** Custom branding (PRO only): no 'Powered by Parley' link in the widget. */
  hidePoweredBy?: boolean;
  customLinkTitle?: string;
  customLinkDescription?: string;
  customLinkUrl?: string;
  feedbackEnabled: boolean;
  feedbackQuestion: string;
  feedbackYesText: string;
  feedbackNoText: string;
  feedbackFollowUp: string;
}

export interface WidgetHomeSettings {
  themeColor: string;
  textColor: string;
  titleColor: string;
  homeTitle: string;
  domainIcon?: string;
  customLinksEnabled: boolean;
  customLinks: Array<{ id: string; title: string; url: string; description?: string }>;
  popularTopicsEnabled: boolean;
  popularTopics: Array<{
    id: string;
    title: string;
    linkType: 'helpdesk_general' | 'helpdesk_specific' | 'external_url';
    linkTarget?: string;
  }>;
  homeLayout: string;
}

export type DomainConfig = DomainConfigInput;

export interface DomainDetailView extends DomainView {
  settings: DomainSettings;
  homeSettings: WidgetHomeSettings;
  config: DomainConfig | null;
}

export interface FilterQuestionView {
  id: string;
  domainId: string;
  question: string;
  answer: string;
  answered: boolean;
  createdAt: string;
}
