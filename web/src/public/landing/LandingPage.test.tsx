import type { ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Notifications } from '../../lib/notify/Notifications';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import i18n from '../../lib/i18n';
import { LandingPage } from '../LandingPage';
import { HeroSection } from './HeroSection';
import { PricingSection } from './PricingSection';
import { ShowcaseSection, showcaseItems } from './ShowcaseSection';
import { demoRoutePatcher, routes } from '../../app/router';
import { clearTestSession, storeTestSession } from '../../test/session';

function renderLanding(page: ReactNode = <LandingPage />) {
  return render(
    <MemoryRouter initialEntries={['/landing']}>
      <>
        {page}
        <Notifications />
      </>
    </MemoryRouter>,
  );
}

const anchors = ['feature', 'showcase', 'testimonials', 'tech', 'pricing', 'contact'];

// The whole page is a large DOM for jsdom's role queries; a busy machine needs more than 5 s.
describe('LandingPage', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers the three plans with the texts of the specification, each with Get in now', () => {
    renderLanding(<PricingSection />);
    const pricing = document.getElementById('pricing')!;
    const plans = within(pricing).getAllByRole('article');
    expect(plans.map((plan) => within(plan).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'For Learn',
      'Recomended',
      'Extended',
    ]);
    expect(within(plans[0]!).getByText('FREE')).toBeTruthy();
    expect(within(plans[1]!).getByText('$24')).toBeTruthy();
    expect(within(plans[2]!).getByText('$200')).toBeTruthy();
    for (const plan of plans) {
      expect(within(plan).getByRole('link', { name: 'Get in now' }).getAttribute('href')).toBe('/register');
    }
  });

  it('has every anchor of the specification, and the top nav links to each in order', () => {
    renderLanding();
    for (const id of anchors) expect(document.getElementById(id), id).not.toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Page sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(anchors.map((id) => `#${id}`));
  });

  it('scrolls to a section when its nav link is used and puts the anchor in the address', () => {
    // jsdom has no layout and so no scrollIntoView; this records which element was asked to scroll.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Page sections' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Pricing' }));
    expect(scrolled).toEqual(['pricing']);
    expect(window.location.hash).toBe('#pricing');
  });

  it('leads to the demo, the shop in a new tab and the showcase screens', async () => {
    renderLanding(
      <>
        <HeroSection />
        <ShowcaseSection />
      </>,
    );
    expect(screen.getByRole('link', { name: 'See Demo' }).getAttribute('href')).toBe('/app');
    const buy = screen.getByRole('link', { name: /Buy Now/ });
    expect(buy.getAttribute('href')).toMatch(/^https:\/\//);
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(buy.getAttribute('rel')).toContain('noopener');
    const showcase = document.getElementById('showcase')!;
    expect(
      within(showcase)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(showcaseItems.map((item) => item.to));
    // The specification's targets, each a route that exists (the demo screens of issue 18 among them).
    expect(showcaseItems.map((item) => item.to)).toEqual([
      '/app',
      '/app/pages/ecommerce',
      '/app/pages/contact',
      '/app/dashboard/cryptocurrency',
    ]);
    // Each ends on a page of its own, not the not-found route (the demo's routes join the router on
    // the first visit, as in the browser).
    storeTestSession();
    onTestFinished(clearTestSession);
    const router = createMemoryRouter(routes, { patchRoutesOnNavigation: demoRoutePatcher() });
    onTestFinished(() => router.dispose());
    for (const { to } of showcaseItems) {
      await router.navigate(to);
      expect(router.state.location.pathname, to).toBe(to);
      expect(router.state.matches.at(-1)?.route.path, to).not.toBe('*');
    }
  });

  it('draws the technology marks inline and ends with the 2022 copyright and social links', () => {
    renderLanding();
    const tech = document.getElementById('tech')!;
    for (const name of ['React', 'MUI', 'Fastify', 'PostgreSQL', 'TypeScript']) {
      expect(within(tech).getByText(name)).toBeTruthy();
    }
    expect(tech.querySelectorAll('img')).toHaveLength(0);
    expect(tech.querySelectorAll('svg').length).toBeGreaterThanOrEqual(5);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/© 2022 Library Admin/)).toBeTruthy();
    const social = within(footer).getByRole('list', { name: 'Social media' });
    for (const link of within(social).getAllByRole('link')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('speaks German when the locale is de', async () => {
    await i18n.changeLanguage('de');
    renderLanding();
    expect(screen.getByRole('link', { name: 'Demo ansehen' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Jetzt einsteigen' })).toHaveLength(3);
    expect(screen.getByText(/Alle Rechte vorbehalten/)).toBeTruthy();
  });
});
