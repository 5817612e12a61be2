import type {
  BannerConfig,
  DealsConfig,
  FeaturedConfig,
  FilterConfig,
  FooterConfig,
  SectionName,
  TextElement,
} from '@haat/contracts';

/** What the drafts are written from: the shop's own name, category and description. */
export interface ShopBasics {
  name: string;
  category: string | null;
  description: string | null;
}

type Phrases = { highlight: string[]; items: string; promise: string };
const BY_CATEGORY: Record<string, Phrases> = {
  Fashion: {
    highlight: ['styles you will love', 'new looks every week'],
    items: 'outfits',
    promise: 'Easy returns and honest prices.',
  },
  Electronic: {
    highlight: ['gadgets you can trust', 'tech at fair prices'],
    items: 'gadgets',
    promise: 'Genuine products with warranty.',
  },
  Food: {
    highlight: ['fresh and tasty', 'made with care'],
    items: 'treats',
    promise: 'Packed fresh and delivered fast.',
  },
  Beauty: {
    highlight: ['care that shows', 'glow every day'],
    items: 'beauty picks',
    promise: 'Gentle products you can trust.',
  },
  Home: {
    highlight: ['homes that feel like you', 'everyday comfort'],
    items: 'home essentials',
    promise: 'Quality pieces for every room.',
  },
};
const GENERAL: Phrases = {
  highlight: ['quality you can trust', 'made for you'],
  items: 'favourites',
  promise: 'Order online and pay on delivery.',
};

const phrasesOf = (shop: ShopBasics) => (shop.category && BY_CATEGORY[shop.category]) || GENERAL;
/** The first sentence of the shop's description, kept short enough for a banner. */
const firstSentence = (text: string | null) => {
  const s =
    text
      ?.trim()
      .split(/(?<=[.!?])\s/)[0]
      ?.trim() ?? '';
  return s.length > 160 ? `${s.slice(0, 157).trimEnd()}…` : s;
};
/** Keeps the element's colour and size; only the words change. */
const words = (el: TextElement | undefined, text: string): TextElement => ({ ...(el ?? {}), text });
const pick = <T>(list: readonly T[], n: number) => list[n % list.length] as T;

/**
 * Drafts a section's texts from local templates (no outside service); `round` cycles through variants
 * so pressing Generate again gives a different draft. Colours, sizes, links and images stay as they are.
 */
export function generateTexts(name: SectionName, config: unknown, shop: ShopBasics, round: number): unknown {
  const p = phrasesOf(shop);
  const items = p.items;
  switch (name) {
    case 'banner': {
      const c = config as BannerConfig;
      const heading = pick([`Welcome to ${shop.name}`, `${shop.name}:`, `Discover ${shop.name}`], round);
      const about = firstSentence(shop.description) || `Shop ${items} from ${shop.name}. ${p.promise}`;
      return {
        ...c,
        mainHeading: words(c.mainHeading, heading),
        highlightedText: words(c.highlightedText, pick(p.highlight, round)),
        description: words(c.description, about),
        primaryButtonText: words(c.primaryButtonText, pick(['Shop Now', 'Start Shopping'], round)),
        secondaryButtonText: words(c.secondaryButtonText, pick(['View Deals', 'See Offers'], round)),
      } satisfies BannerConfig;
    }
    case 'featured': {
      const c = config as FeaturedConfig;
      return {
        ...c,
        mainHeading: words(c.mainHeading, pick(['Featured Products', `Loved at ${shop.name}`], round)),
        subHeading: words(
          c.subHeading,
          pick([`Handpicked ${items} for you`, `Our best ${items} this season`], round),
        ),
        button: words(c.button, 'View All Products'),
      } satisfies FeaturedConfig;
    }
    case 'deals':
    case 'sales': {
      const c = config as DealsConfig;
      const deals = name === 'deals';
      return {
        ...c,
        mainHeading: words(
          c.mainHeading,
          deals
            ? pick(["Today's Deals", 'Deals of the Day'], round)
            : pick(['Upcoming Sale', 'Flash Sale Coming'], round),
        ),
        subHeading: words(
          c.subHeading,
          deals ? `Limited-time prices on ${items} at ${shop.name}` : `Be the first to grab ${items} on sale`,
        ),
        timerHeading: words(c.timerHeading, deals ? 'Deal ends in' : 'Sale starts in'),
        button: words(c.button, deals ? 'Shop Now' : 'Notify Me'),
      } satisfies DealsConfig;
    }
    case 'filter': {
      const c = config as FilterConfig;
      return {
        ...c,
        mainHeading: words(c.mainHeading, pick(['Filters', 'Find what you need'], round)),
        buttonText: words(c.buttonText, 'Apply Filters'),
        primary_filter: { ...c.primary_filter, filter: words(c.primary_filter.filter, 'Categories') },
        secondatry_filter: {
          ...c.secondatry_filter,
          filter: words(c.secondatry_filter.filter, 'Price Range'),
        },
      } satisfies FilterConfig;
    }
    case 'footer': {
      const c = config as FooterConfig;
      return {
        ...c,
        newsletter: {
          heading: pick([`Stay in touch with ${shop.name}`, 'Get our latest offers'], round),
          description: `New ${items} and offers from ${shop.name}, straight to your inbox.`,
        },
        copyright: `© ${new Date().getFullYear()} ${shop.name}. All rights reserved.`,
      } satisfies FooterConfig;
    }
    default:
      return config;
  }
}
