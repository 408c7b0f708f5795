import { useTranslation } from 'react-i18next';

/**
 * The product's branding, set here and nowhere else (spec section 3). Name, logo text and prefix
 * are proper names and stay the same in every language; description and footer text are sentences,
 * so they live in the locale files under `branding.*`.
 */
export const branding = {
  name: 'Library Admin',
  /** The short mark drawn in the logo tile. */
  logoText: 'LA',
  /** A short, URL- and id-safe identifier, e.g. for element ids and file names the product makes. */
  prefix: 'libadmin',
  /** The year the footer's copyright line names (spec section 2, Landing page). */
  copyrightYear: 2022,
  /** Where 'Buy Now' leads; an external shop, opened in a new tab. */
  buyUrl: 'https://example.com/buy',
  contactEmail: 'hello@example.com',
  social: [
    { network: 'facebook', url: 'https://www.facebook.com/' },
    { network: 'x', url: 'https://x.com/' },
    { network: 'linkedin', url: 'https://www.linkedin.com/' },
    { network: 'instagram', url: 'https://www.instagram.com/' },
    { network: 'github', url: 'https://github.com/' },
  ],
} as const;

export type SocialNetwork = (typeof branding.social)[number]['network'];

export interface Branding {
  name: string;
  logoText: string;
  prefix: string;
  description: string;
  footerText: string;
}

/** The branding with its sentences in the language on screen. */
export function useBranding(): Branding {
  const { t } = useTranslation();
  return {
    name: branding.name,
    logoText: branding.logoText,
    prefix: branding.prefix,
    description: t('branding.description'),
    footerText: t('branding.footerText', { year: branding.copyrightYear, name: branding.name }),
  };
}

/** A document title for a page: 'Pricing - Library Admin'. */
export function pageTitle(page?: string): string {
  return page === undefined || page === '' ? branding.name : `${page} - ${branding.name}`;
}
