import type { HomeLayoutSettings } from '@parley/chat-display';
import type { ChatMessage } from '@parley/contracts';

/** The public answers of docs/api/conversations.md the widget reads. */
export interface WidgetSettings {
  welcomeMessage: string;
  image?: string | null;
  domainLogo?: string | null;
  background: string;
  textColor: string;
  iconColor: string;
  themeColor: string;
  helpDeskColor: string;
  titleColor: string;
  iconStyle: string;
  paymentEnabled: boolean;
  /** ISO 4217 code of the domain's prices; absent for domains saved before it existed (USD). */
  currency?: string;
  /** Custom branding (sent only for PRO accounts): the header's name instead of the domain. */
  widgetName?: string | null;
  /** Custom branding (sent only for PRO accounts): no 'Powered by Parley' link. */
  hidePoweredBy?: boolean;
  customLinkTitle?: string | null;
  customLinkDescription?: string | null;
  customLinkUrl?: string | null;
  feedbackEnabled: boolean;
  feedbackQuestion: string;
  feedbackYesText: string;
  feedbackNoText: string;
  feedbackFollowUp: string;
}

/** Its colours are the widget settings' (the same values), so the widget reads those. */
export interface HomeSettings extends HomeLayoutSettings {
  domainIcon?: string | null;
}

/** Issue 17: whether a person can join now, and the owner's note for when not. */
export interface WidgetBusinessHours {
  enabled: boolean;
  open: boolean;
  offlineMessage: string;
}

export interface WidgetProfile {
  domainId: string;
  domain: string;
  settings: WidgetSettings;
  homeSettings: HomeSettings;
  /** Absent from a gateway older than issue 17: always in hours. */
  businessHours?: WidgetBusinessHours;
}

export interface VisitorSession {
  token: string;
  expiresAt: string;
  customerId: string;
  domainId: string;
  roomId: string | null;
  visitorKey: string;
  email: string | null;
}

export interface WidgetChat {
  room: { id: string; live: boolean } | null;
  messages: ChatMessage[];
}

export interface Article {
  id: string;
  title: string;
  question: string;
  answer: string;
  content?: string | null;
  category?: string | null;
}

export interface VariantOption {
  value: string;
  priceAdjustment?: number | null;
  quantity?: number | null;
}

export interface Product {
  id: string;
  name: string;
  image?: string | null;
  images?: string[];
  price: number;
  hasDiscount?: boolean;
  discount?: number | null;
  discountedPrice?: number | null;
  productUrl?: string | null;
  productType?: string | null;
  description?: string | null;
  variants?: Array<{ name: string; trackQuantity?: boolean; options: VariantOption[] }>;
}

export interface AppointmentType {
  id: string;
  name: string;
  image?: string | null;
  price?: number | null;
  appointmentType?: string | null;
}

export interface CustomerQuestion {
  id: string;
  question: string;
  answered: boolean;
  answer: string | null;
}
