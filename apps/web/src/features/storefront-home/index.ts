// The storefront home's sections and text styling, which the template editor renders and edits in place.
export { BannerSection } from './banner-section.tsx';
export { DealsSection } from './deals-section.tsx';
export { FeaturedSection } from './featured-section.tsx';
export { FooterSection } from './footer-section.tsx';
export { SalesSection } from './sales-section.tsx';
export { SectionHeading } from './section-heading.tsx';
export { type EditHook, textOf, textStyle } from './text-style.ts';
