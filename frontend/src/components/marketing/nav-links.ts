/** The landing page's sections and the site's own pages, shared by the navbar and the footer. */
export const SECTION_LINKS = [
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#customer-feedback', label: 'Customer feedback' },
  { href: '/#newsletter', label: 'Newsletter' },
] as const;

export const NAV_LINKS = [
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#customer-feedback', label: 'Feedback' },
  { href: '/blog', label: 'Blog' },
  { href: '/careers', label: 'Careers' },
  { href: '/contact', label: 'Contact' },
] as const;

export const COMPANY_LINKS = [
  { href: '/blog', label: 'Blog' },
  { href: '/careers', label: 'Careers' },
  { href: '/contact', label: 'Contact' },
  { href: '/#newsletter', label: 'Product updates' },
] as const;

export const LEGAL_LINKS = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/cookies', label: 'Cookie Policy' },
] as const;

export const SOCIAL_LINKS = [
  { href: 'https://x.com/parleychat', label: 'Parley on X', network: 'x' },
  { href: 'https://www.linkedin.com/company/parleychat', label: 'Parley on LinkedIn', network: 'linkedin' },
  { href: 'https://github.com/parleychat', label: 'Parley on GitHub', network: 'github' },
  { href: 'https://www.youtube.com/@parleychat', label: 'Parley on YouTube', network: 'youtube' },
] as const;
