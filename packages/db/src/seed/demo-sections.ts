import type { StoreSection } from '@haat/contracts';
import type { DemoProduct, DemoShop } from './demo-types.ts';
import { demoImageUrl } from './images.ts';

/** The storefront sections of a demo shop; every config satisfies the theme schemas in contracts. */
export function demoSections(shop: DemoShop, products: DemoProduct[], now: Date): StoreSection[] {
  const t = shop.theme;
  const dark = '#1f2937';
  const muted = '#4b5563';
  const card = {
    button: { text: 'Add to Cart', color: '#ffffff', fontSize: 14 },
    backgroundColor: '#ffffff',
    onhoverBackgroundColor: '#f9fafb',
    product_tag: { text: 'NEW', color: t.accent, fontSize: 12 },
  };
  const rupees = products.map((p) => (p.salePricePaise ?? p.pricePaise) / 100);
  const low = Math.floor(Math.min(...rupees, 100) / 100) * 100;
  const high = Math.ceil(Math.max(...rupees, 100) / 100) * 100;
  const email = `support@${shop.slug}.demo.haat.in`;
  const phone = `+91 ${shop.phone.slice(0, 5)} ${shop.phone.slice(5)}`;
  const address = [shop.location.line1, shop.location.line2, `${shop.location.city} ${shop.location.pin}`]
    .filter(Boolean)
    .join(', ');
  return [
    {
      name: 'banner',
      position: 1,
      config: {
        banner: {
          mainHeading: { text: t.banner.heading, color: t.text[0], fontSize: 48, tag: 'h1' },
          highlightedText: { text: t.banner.highlight, color: t.text[1], fontSize: 40, tag: 'span' },
          description: { text: t.banner.description, color: t.text[0], fontSize: 18, tag: 'p' },
          primaryButtonText: { text: t.banner.primary, color: '#ffffff', fontSize: 16 },
          secondaryButtonText: { text: t.banner.secondary, color: t.text[0], fontSize: 16 },
          bannerImage: demoImageUrl('banner', shop.slug, shop.name),
          bgColorFrom: t.bg[0],
          bgColorTo: t.bg[1],
          textColorFrom: t.text[0],
          textColorTo: t.text[1],
        },
      },
    },
    {
      name: 'featured',
      position: 2,
      config: {
        featured: {
          mainHeading: { text: t.featured[0], color: dark, fontSize: 32, tag: 'h2' },
          subHeading: { text: t.featured[1], color: muted, fontSize: 16, tag: 'p' },
          button: { text: 'View All Products', color: t.accent, fontSize: 16 },
          product_cart: card,
        },
      },
    },
    {
      name: 'deals',
      position: 3,
      config: {
        deals: {
          parentStyleColor: t.accent,
          mainHeading: { text: t.deals[0], color: dark, fontSize: 32, tag: 'h2' },
          subHeading: { text: t.deals[1], color: muted, fontSize: 16, tag: 'p' },
          timerHeading: { text: 'Ends in', color: t.accent, fontSize: 14 },
          button: { text: 'Shop the Deal', color: '#ffffff', fontSize: 16 },
          product_cart: { ...card, button: { text: 'Grab Deal', color: '#ffffff', fontSize: 14 } },
        },
      },
    },
    {
      name: 'sales',
      position: 4,
      config: {
        sales: {
          parentStyleColor: t.bg[0],
          mainHeading: { text: t.sales[0], color: dark, fontSize: 32, tag: 'h2' },
          subHeading: { text: t.sales[1], color: muted, fontSize: 16, tag: 'p' },
          timerHeading: { text: 'Starts in', color: t.accent, fontSize: 14 },
          button: { text: 'Notify Me', color: '#ffffff', fontSize: 16 },
          product_cart: { ...card, button: { text: 'Notify Me', color: '#ffffff', fontSize: 14 } },
        },
      },
    },
    {
      name: 'filter',
      position: 5,
      config: {
        filter: {
          mainHeading: { text: 'Filters', color: dark, fontSize: 20, tag: 'h3' },
          buttonText: { text: 'Apply Filters', color: '#ffffff', fontSize: 14 },
          primary_filter: {
            filter: { text: 'Categories', color: dark, fontSize: 16 },
            filter_type: 'list',
            filter_list: Object.keys(shop.categories),
          },
          secondatry_filter: {
            filter: { text: 'Price Range', color: dark, fontSize: 16 },
            filter_type: 'range',
            filter_list: [low, high],
          },
        },
      },
    },
    {
      name: 'footer',
      position: 6,
      config: {
        footer: {
          newsletter: { heading: `Join the ${shop.name} family`, description: t.newsletter },
          quickLinks: {
            title: 'Quick Links',
            links: [
              { text: 'Home', href: '/' },
              { text: 'All Products', href: '/products' },
              { text: 'Cart', href: '/cart' },
            ],
          },
          customerService: {
            title: 'Customer Service',
            links: [
              { text: 'My Orders', href: '/orders' },
              { text: 'My Account', href: '/profile' },
              { text: 'Shipping & Delivery', href: '#shipping' },
              { text: `Returns (${shop.settings.returnDays} days)`, href: '#returns' },
            ],
          },
          contact: { title: 'Contact Us', email, phone, address },
          copyright: `© ${now.getFullYear()} ${shop.name}. All rights reserved.`,
          legal: [
            { text: 'Privacy Policy', href: '#privacy' },
            { text: 'Terms of Service', href: '#terms' },
            { text: 'Refund Policy', href: '#refunds' },
          ],
        },
      },
    },
  ];
}
