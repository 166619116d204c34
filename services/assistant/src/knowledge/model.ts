import { DOMAIN_SETTINGS_DEFAULTS, type BusinessHours, type DomainConfig } from '@parley/contracts';

/**
 * What the assistant knows about one domain: its own read model, built from the domains and
 * content events. Engines and the conversation policy read only this (never another service), so
 * an answer costs no network call.
 */
export interface DomainKnowledge {
  domainId: string;
  /**
   * Goes up by one with every change to anything below; an engine that keeps an index per domain
   * rebuilds or updates it when the revision it indexed is older.
   */
  revision: number;
  accountId: string;
  /** The domain name, e.g. "mugs.example". */
  domain: string;
  /** From the domain settings; the greeting. Empty until settings were saved. */
  welcomeMessage: string;
  /** The domain's currency (ISO 4217, from its settings) for every price and cost; USD when unset. */
  currency?: string;
  /**
   * Visitors can pay in the widget: the domain's settings turned payments on and the owner's
   * connected account takes charges. Absent is off.
   */
  paymentsOn?: boolean;
  /** The setup wizard's answers; null until the owner saved them. */
  config: DomainConfig | null;
  /** When a person can join (issue 17); absent: business hours never saved, always in hours. */
  businessHours?: BusinessHours | null;
  /** In the owner's order (oldest first): the policy asks them, the engines also answer from them. */
  filterQuestions: FilterQuestionItem[];
  /** Published articles only. */
  articles: ArticleItem[];
  products: ProductItem[];
  appointmentTypes: AppointmentTypeItem[];
}

export interface FilterQuestionItem {
  id: string;
  question: string;
  /** The owner's answer: a fact the engines may answer with. */
  answer: string;
}

export interface ArticleItem {
  id: string;
  title: string;
  question: string;
  answer: string;
  content: string;
  category: string;
  tags: string[];
  /** The owner's other ways visitors ask this ("Other ways visitors ask this"); none when absent. */
  questionVariants?: string[];
}

export interface ProductVariantItem {
  name: string;
  trackQuantity: boolean;
  options: Array<{ value: string; priceAdjustment: number; quantity?: number }>;
}

export interface ProductItem {
  id: string;
  name: string;
  description: string;
  productType: string;
  /** Price in the domain's currency units (not minor units), before discount. */
  price: number;
  hasDiscount: boolean;
  /** Percent off, 0-100. */
  discount: number;
  productUrl: string | null;
  variants: ProductVariantItem[];
}

/** Spec "Appointment": name, image, price, appointmentType (the owner's own words for its kind). */
export interface AppointmentTypeItem {
  id: string;
  name: string;
  /** e.g. "Discovery call, 30 minutes"; at most 80 characters. */
  appointmentType: string;
  /** In the domain's currency units; 0 is free. */
  price: number;
}

export const DEFAULT_CURRENCY = 'USD';

/** The welcome message the widget shows above the chat: the owner's, or the default until they save one. */
export const shownWelcome = (k: Pick<DomainKnowledge, 'welcomeMessage'>): string =>
  k.welcomeMessage.trim() || DOMAIN_SETTINGS_DEFAULTS.welcomeMessage;

/** The currency the domain's prices are in. */
export const currencyOf = (k: Pick<DomainKnowledge, 'currency'>): string => k.currency || DEFAULT_CURRENCY;

/** Which item an answer came from; `id` is the item's id (the domain id for shipping/business). */
export const SOURCE_KINDS = ['article', 'faq', 'product', 'appointment', 'shipping', 'business'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export interface SourceRef {
  kind: SourceKind;
  id: string;
}
