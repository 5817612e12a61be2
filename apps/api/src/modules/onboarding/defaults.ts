import type { StoreSection } from '@haat/contracts';

interface Palette {
  bg: [string, string];
  text: [string, string];
  accent: string;
  heading: string;
  highlight: string;
}

/** Colours and opening lines per business category; a new shop starts from these and the vendor edits them. */
const PALETTES: Record<string, Palette> = {
  Fashion: {
    bg: ['#fdf2f8', '#fce7f3'],
    text: ['#831843', '#db2777'],
    accent: '#db2777',
    heading: 'New styles at',
    highlight: 'honest prices',
  },
  Electronic: {
    bg: ['#eff6ff', '#dbeafe'],
    text: ['#1e3a8a', '#2563eb'],
    accent: '#2563eb',
    heading: 'Gadgets you can',
    highlight: 'count on',
  },
  Food: {
    bg: ['#fefce8', '#fef3c7'],
    text: ['#713f12', '#d97706'],
    accent: '#d97706',
    heading: 'Fresh and tasty,',
    highlight: 'made with care',
  },
  Beauty: {
    bg: ['#faf5ff', '#f3e8ff'],
    text: ['#581c87', '#9333ea'],
    accent: '#9333ea',
    heading: 'Care for your',
    highlight: 'skin and hair',
  },
  Home: {
    bg: ['#f0fdf4', '#dcfce7'],
    text: ['#14532d', '#16a34a'],
    accent: '#16a34a',
    heading: 'Make your home',
    highlight: 'feel like you',
  },
};
const FALLBACK: Palette = {
  bg: ['#fff7ed', '#ffedd5'],
  text: ['#7c2d12', '#ea580c'],
  accent: '#ea580c',
  heading: 'Welcome to',
  highlight: 'our shop',
};

export interface ShopBasics {
  storeName: string;
  category: string | null;
  description: string | null;
  shortDescription: string | null;
  email?: string | null;
  phone?: string | null;
}

const t = (text: string, color: string, fontSize: number, tag?: string) => ({
  text,
  color,
  fontSize,
  ...(tag ? { tag } : {}),
});

const DARK = '#1f2937';
const MUTED = '#4b5563';

/** What every section is written from: the shop, its palette, and the button and product card they share. */
interface Look {
  shop: ShopBasics;
  p: Palette;
  button: ReturnType<typeof t>;
  card: ReturnType<typeof productCard>;
}

/** The product card the featured, deals and sales sections share. */
const productCard = (p: Palette) => ({
  button: t('Add to Cart', '#ffffff', 14),
  backgroundColor: '#ffffff',
  onhoverBackgroundColor: '#f9fafb',
  product_tag: t('NEW', p.accent, 12),
});

/** Sensible starting sections for a new shop, written from its own name, category and description. */
export function defaultSections(shop: ShopBasics): StoreSection[] {
  const p = (shop.category && PALETTES[shop.category]) || FALLBACK;
  const look: Look = { shop, p, button: t('View All Products', '#ffffff', 16), card: productCard(p) };
  return [
    bannerSection(look),
    featuredSection(look),
    dealsSection(look),
    salesSection(look),
    filterSection(),
    footerSection(shop),
  ];
}

/** 1. The banner: the category's opening lines over its colours, with the shop's own description. */
function bannerSection({ shop, p }: Look): StoreSection {
  const about =
    shop.shortDescription || shop.description || `Shop ${shop.storeName} online and pay on delivery.`;
  return {
    name: 'banner',
    position: 1,
    config: {
      banner: {
        mainHeading: t(`${p.heading}`, p.text[0], 48, 'h1'),
        highlightedText: t(p.highlight, p.text[1], 40, 'span'),
        description: t(about, p.text[0], 18, 'p'),
        primaryButtonText: t('Shop Now', '#ffffff', 16),
        secondaryButtonText: t("Today's Deals", p.text[0], 16),
        bannerImage: null,
        bgColorFrom: p.bg[0],
        bgColorTo: p.bg[1],
        textColorFrom: p.text[0],
        textColorTo: p.text[1],
      },
    },
  };
}

/** 2. Featured products, picked for you by the shop. */
function featuredSection({ shop, button, card }: Look): StoreSection {
  return {
    name: 'featured',
    position: 2,
    config: {
      featured: {
        mainHeading: t('Featured Products', DARK, 32, 'h2'),
        subHeading: t(`Picked for you by ${shop.storeName}`, MUTED, 16, 'p'),
        button,
        product_cart: card,
      },
    },
  };
}

/** 3. Deals of the day, with the time left. */
function dealsSection({ p, button, card }: Look): StoreSection {
  return {
    name: 'deals',
    position: 3,
    config: {
      deals: {
        parentStyleColor: p.accent,
        mainHeading: t('Deals of the Day', DARK, 32, 'h2'),
        subHeading: t('Special prices for a short time', MUTED, 16, 'p'),
        timerHeading: t('Ends in', DARK, 14, 'p'),
        button,
        product_cart: card,
      },
    },
  };
}

/** 4. The next sale, with the time until it starts. */
function salesSection({ p, card }: Look): StoreSection {
  return {
    name: 'sales',
    position: 4,
    config: {
      sales: {
        parentStyleColor: p.accent,
        mainHeading: t('Coming Soon', DARK, 32, 'h2'),
        subHeading: t('Our next sale starts soon', MUTED, 16, 'p'),
        timerHeading: t('Starts in', DARK, 14, 'p'),
        button: t('Notify Me', '#ffffff', 16),
        product_cart: card,
      },
    },
  };
}

/** 5. The listing's filters: categories and a price range. */
function filterSection(): StoreSection {
  return {
    name: 'filter',
    position: 5,
    config: {
      filter: {
        mainHeading: t('Filters', DARK, 20, 'h3'),
        buttonText: t('Apply Filters', '#ffffff', 14),
        primary_filter: { filter: t('Categories', DARK, 16), filter_type: 'list', filter_list: [] },
        secondatry_filter: {
          filter: t('Price Range', DARK, 16),
          filter_type: 'range',
          filter_list: [100, 19000],
        },
      },
    },
  };
}

/** 6. The footer: newsletter, links, the shop's contact and this year's copyright. */
function footerSection(shop: ShopBasics): StoreSection {
  return {
    name: 'footer',
    position: 6,
    config: {
      footer: {
        newsletter: {
          heading: `Join the ${shop.storeName} family`,
          description: 'New products and offers, first.',
        },
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
          ],
        },
        contact: {
          title: 'Contact Us',
          email: shop.email ?? '',
          ...(shop.phone ? { phone: `+91 ${shop.phone}` } : {}),
        },
        copyright: `© ${new Date().getFullYear()} ${shop.storeName}. All rights reserved.`,
        legal: [],
      },
    },
  };
}
