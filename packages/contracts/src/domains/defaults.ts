import { WIDGET_HOME_DEFAULTS } from '../validation/domains';

/** What a new domain's widget looks like until the owner changes it (spec sections 3 and 9). */
export const DOMAIN_SETTINGS_DEFAULTS = {
  welcomeMessage: 'Hi there! How can we help you today?',
  background: '#ffffff',
  textColor: '#111827',
  iconColor: '#ffffff',
  themeColor: WIDGET_HOME_DEFAULTS.themeColor,
  helpDeskColor: WIDGET_HOME_DEFAULTS.themeColor,
  titleColor: '#ffffff',
  iconStyle: 'Default',
  paymentEnabled: false,
  currency: 'USD',
  feedbackEnabled: true,
  feedbackQuestion: 'Was this conversation helpful?',
  feedbackYesText: 'Yes',
  feedbackNoText: 'No',
  feedbackFollowUp: 'Thanks for your feedback!',
} as const;

/** The widget's home tab until the owner changes it: section 9's theme colour and title, the classic layout. */
export const WIDGET_HOME_SETTINGS_DEFAULTS = {
  themeColor: WIDGET_HOME_DEFAULTS.themeColor,
  textColor: '#111827',
  titleColor: '#ffffff',
  homeTitle: WIDGET_HOME_DEFAULTS.homeTitle,
  customLinksEnabled: false,
  customLinks: [],
  popularTopicsEnabled: false,
  popularTopics: [],
  homeLayout: 'classic',
} as const;
