import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { useLocation } from 'react-router';
import { pageTitle } from '../lib/branding';
import { ContactSection } from './landing/ContactSection';
import { FeaturesSection } from './landing/FeaturesSection';
import { HeroSection } from './landing/HeroSection';
import { LandingFooter } from './landing/LandingFooter';
import { LandingNav } from './landing/LandingNav';
import { PricingSection } from './landing/PricingSection';
import { ShowcaseSection } from './landing/ShowcaseSection';
import { TechSection } from './landing/TechSection';
import { TestimonialsSection } from './landing/TestimonialsSection';

/** The public product page at /landing (spec section 2, Landing page). */
export function LandingPage() {
  const { hash } = useLocation();

  useEffect(() => {
    document.title = pageTitle();
  }, []);

  // Opened with an anchor (/landing#pricing): the page is lazy, so the section exists only now.
  // The page's own links scroll by themselves and leave the router's hash alone.
  useEffect(() => {
    if (hash !== '') document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);

  return (
    <Box sx={{ bgcolor: 'background.default', color: 'text.primary', overflowX: 'clip' }}>
      <LandingNav />
      <Box component="main" id="main">
        <HeroSection />
        <FeaturesSection />
        <ShowcaseSection />
        <TestimonialsSection />
        <TechSection />
        <PricingSection />
        <ContactSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
