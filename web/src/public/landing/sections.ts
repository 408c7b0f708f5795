/** The landing page's anchors (spec section 2), in page order, with the nav label of each. */
export const landingSections = [
  { id: 'feature', labelKey: 'landing.nav.feature' },
  { id: 'showcase', labelKey: 'landing.nav.showcase' },
  { id: 'testimonials', labelKey: 'landing.nav.testimonials' },
  { id: 'tech', labelKey: 'landing.nav.tech' },
  { id: 'pricing', labelKey: 'landing.nav.pricing' },
  { id: 'contact', labelKey: 'landing.nav.contact' },
] as const;

export type LandingSectionId = (typeof landingSections)[number]['id'];

/** The fixed top bar's height; sections keep this much room above them when scrolled to. */
export const landingNavHeight = 64;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls to a section and puts its anchor in the address bar without a history entry, so Back
 * leaves the page rather than stepping through the sections.
 */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (target === null) return;
  target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${id}`);
}
