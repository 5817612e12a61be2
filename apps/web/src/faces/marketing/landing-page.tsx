import { useEffect } from 'react';
import { ProductSearchBand } from '../../features/marketplace/product-search-box.tsx';
import { ShopDiscovery } from '../../features/marketplace/shop-discovery.tsx';
import { useLocation } from '../../lib/router.tsx';
import { ComingSoonSection } from './coming-soon-section.tsx';
import { CtaSection } from './cta-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { scrollToSection } from './scroll.ts';
import { TestimonialsSection } from './testimonials-section.tsx';

/** The platform landing page (spec 01 §2). Header links such as /#features scroll to their section. */
export function LandingPage() {
  const { hash, key } = useLocation();

  // Re-run on every navigation (key), so clicking the same section link twice scrolls again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger, not a value read
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const frame = requestAnimationFrame(() => scrollToSection(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);

  return (
    <>
      <HeroSection />
      <ProductSearchBand />
      <FeaturesSection />
      <HowItWorksSection />
      <ShopDiscovery />
      <TestimonialsSection />
      <ComingSoonSection />
      <CtaSection />
    </>
  );
}
