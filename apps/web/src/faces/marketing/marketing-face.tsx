import { Route, Routes } from 'react-router';
import { UnauthorizedPage } from '../../components/ui/unauthorized-page.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { AboutPage } from './about-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { MarketingLayout } from './marketing-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { PricingPage } from './pricing-page.tsx';

/** The main-domain face: landing page with shop discovery, pricing, about and the 403 page. */
export default function MarketingFace() {
  useDocumentTitle('Build Your Online Store');
  return (
    <Routes>
      <Route element={<MarketingLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="unauthorized" element={<UnauthorizedPage />} />
    </Routes>
  );
}
