import type { DemoShop, DemoTheme } from './demo-types.ts';

/** Shops in each status that is not open to shoppers, so every status screen can be seen with real data. */

const theme = (
  bg: [string, string],
  accent: string,
  heading: string,
  highlight: string,
  description: string,
): DemoTheme => ({
  bg,
  text: ['#ffffff', '#fde68a'],
  accent,
  banner: { heading, highlight, description, primary: 'Shop Now', secondary: 'View All Products' },
  featured: ['Featured Products', 'Handpicked for you'],
  deals: ['Deals of the Day', 'Special prices for a short time'],
  sales: ['Upcoming Sale', 'Set a reminder so you do not miss it'],
  newsletter: 'Be the first to hear when we are back with new stock.',
});

export const banarasSilkWeaves: DemoShop = {
  slug: 'banaras-silk-weaves',
  name: 'Banaras Silk Weaves',
  category: 'Fashion',
  status: 'DRAFT',
  note: 'We are photographing our new Banarasi collection. The shop opens soon.',
  owner: ['Rakesh', 'Maurya', '9415012345'],
  phone: '9415098765',
  description:
    'Handwoven Banarasi silk sarees and dupattas from weaver families of Madanpura, Varanasi, sold directly from the loom.',
  short: 'Handwoven Banarasi silk sarees and dupattas from Varanasi looms.',
  ageDays: 12,
  location: {
    line1: 'D-47/112, Thatheri Bazaar',
    city: 'Varanasi',
    state: 'Uttar Pradesh',
    pin: '221001',
    lat: 25.3109,
    lng: 83.0107,
  },
  contacts: [['Primary', '9415098765']],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'banarassilk@okaxis',
    returnDays: 7,
    warranty: 'Silk Mark certified.',
  },
  categories: { Sarees: ['Katan Silk', 'Organza'], Dupattas: ['Silk Dupattas'] },
  products: `
BSW-001 | Sarees/Katan Silk | Red Banarasi Katan Silk Saree with Zari Buta | 12999 | 10999 | 6200 | 5 | 12 | F | 22 | Pure katan silk woven on a handloom with real zari buta all over and a rich pallu. Silk Mark certified.
BSW-002 | Sarees/Organza | Pastel Organza Banarasi Saree | 7499 | - | 3600 | 8 | 12 | F | 14 | Sheer organza in pastel mint with woven silver zari florals. Light as air.
BSW-003 | Sarees/Katan Silk | Jangla Weave Bridal Saree | 18999 | 16999 | 9800 | 2 | 12 | S | 6 | A dense jangla pattern of vines and flowers in gold zari, woven over six weeks.
BSW-004 | Dupattas/Silk Dupattas | Banarasi Silk Dupatta with Meenakari | 2499 | 2199 | 1100 | 0 | 12 | - | 31 | Silk dupatta with meenakari motifs in pink and green on a gold ground.
BSW-005 | Dupattas/Silk Dupattas | Tanchoi Silk Stole | 1999 | - | 900 | 12 | 12 | - | 18 | Tanchoi weave with tiny paisleys in self colour, a subtle and elegant stole.
`,
  deals: [{ sku: 'BSW-002', title: 'Launch Offer', price: 6499, start: 24, hours: 72 }],
  theme: theme(
    ['#7f1d1d', '#a16207'],
    '#b45309',
    'Woven in Banaras',
    'Pure silk, real zari',
    'Handloom sarees straight from the weavers of Varanasi.',
  ),
};

export const mysuruSandalHouse: DemoShop = {
  slug: 'mysuru-sandal-house',
  name: 'Mysuru Sandal House',
  category: 'Beauty',
  status: 'OFFLINE',
  note: 'We are closed for the afternoon while we restock. Orders open again this evening.',
  untilHours: 3,
  owner: ['Shreyas', 'Urs', '9448012345'],
  phone: '9448098765',
  description:
    'Sandalwood soaps, attars, agarbatti and chandan powder from Mysuru, the sandalwood city, sold near Devaraja Market since 1972.',
  short: 'Sandalwood soaps, attars and agarbatti from Mysuru.',
  ageDays: 200,
  location: {
    line1: '42, Sayyaji Rao Road',
    line2: 'Near Devaraja Market',
    city: 'Mysuru',
    state: 'Karnataka',
    pin: '570001',
    lat: 12.3106,
    lng: 76.6526,
  },
  contacts: [
    ['Primary', '9448098765'],
    ['WhatsApp', '9448012345'],
  ],
  settings: { payments: ['COD'], freeAbove: 599, returnDays: 5, warranty: 'Sealed products only.' },
  categories: { Fragrance: ['Agarbatti', 'Attar'], Bath: ['Sandal Soaps', 'Sandal Powder'] },
  products: `
MSH-001 | Fragrance/Agarbatti | Mysore Sandal Agarbatti, 100 Sticks | 249 | 219 | 80 | 60 | 5 | F | 880 | Hand-rolled incense sticks with sandalwood powder and a slow, even burn of about 40 minutes.
MSH-002 | Fragrance/Attar | Pure Sandalwood Attar, 6 ml | 1499 | 1299 | 650 | 7 | 18 | F | 140 | Alcohol-free attar distilled from sandalwood in copper degs. A little lasts all day.
MSH-003 | Bath/Sandal Soaps | Sandalwood Bathing Bar, Pack of 4 | 399 | 359 | 150 | 45 | 18 | - | 760 | A rich bathing bar with pure sandalwood oil and a fragrance that lingers.
MSH-004 | Bath/Sandal Powder | Chandan Face Powder, 50 g | 299 | - | 110 | 3 | 18 | - | 190 | Finely ground sandalwood for face packs. Mix with rose water or milk.
MSH-005 | Fragrance/Agarbatti | Sandal and Rose Dhoop Cones, 40 Cones | 199 | - | 60 | 0 | 5 | - | 300 | Dense dhoop cones that fill a room with sandal and rose in minutes.
`,
  deals: [{ sku: 'MSH-003', title: 'Soap Saver Deal', price: 299, start: -6, hours: 30 }],
  theme: theme(
    ['#713f12', '#ca8a04'],
    '#a16207',
    'The fragrance of Mysuru',
    'Pure sandalwood since 1972',
    'Soaps, attars and agarbatti from the sandalwood city.',
  ),
};

export const chandniChowkMobiles: DemoShop = {
  slug: 'chandni-chowk-mobiles',
  name: 'Chandni Chowk Mobiles',
  category: 'Electronic',
  status: 'SUSPENDED',
  note: 'This shop is suspended while its GST and seller documents are re-verified.',
  owner: ['Amit', 'Khurana', '9811012345'],
  phone: '9811098765',
  description: 'Mobile covers, screen guards and audio accessories from Bhagirath Palace, Delhi.',
  short: 'Mobile accessories at wholesale prices from Chandni Chowk.',
  ageDays: 150,
  location: {
    line1: '1421, Bhagirath Palace',
    line2: 'Chandni Chowk',
    city: 'Delhi',
    state: 'Delhi',
    pin: '110006',
    lat: 28.6562,
    lng: 77.2303,
  },
  contacts: [['Primary', '9811098765']],
  settings: { payments: ['COD'], returnDays: 7, warranty: '6-month seller warranty on audio products.' },
  categories: { 'Mobile Accessories': ['Cases & Covers', 'Screen Guards'], Audio: ['Neckbands'] },
  products: `
CCM-001 | Mobile Accessories/Cases & Covers | Shockproof Clear Case for 6.5 inch Phones | 299 | 199 | 60 | 140 | 18 | - | 1900 | Transparent case with air-cushioned corners that resists yellowing.
CCM-002 | Mobile Accessories/Screen Guards | Tempered Glass Screen Guard, Pack of 2 | 249 | 149 | 30 | 200 | 18 | F | 3100 | 9H hardness glass with an installation frame for a bubble-free fit.
CCM-003 | Audio/Neckbands | Bluetooth Neckband with 30h Playback | 1499 | 899 | 420 | 35 | 18 | F | 760 | Magnetic earbuds, fast charging and 30 hours of playback.
CCM-004 | Mobile Accessories/Cases & Covers | Leather Flip Cover with Card Slot | 499 | 349 | 110 | 0 | 18 | - | 420 | Faux leather flip cover with a card slot and a magnetic clasp.
CCM-005 | Audio/Neckbands | Sweatproof Sports Neckband | 1199 | 749 | 350 | 4 | 18 | - | 280 | IPX5 sweat resistance and secure ear hooks for running and the gym.
`,
  deals: [{ sku: 'CCM-003', title: 'Neckband Dhamaka', price: 699, start: -10, hours: 48 }],
  theme: theme(
    ['#1e1b4b', '#4338ca'],
    '#4f46e5',
    'Accessories at wholesale prices',
    'Straight from Chandni Chowk',
    'Covers, screen guards and neckbands for every phone.',
  ),
};

export const goaCashewCompany: DemoShop = {
  slug: 'goa-cashew-company',
  name: 'Goa Cashew Company',
  category: 'Food',
  status: 'MAINTENANCE',
  note: 'We are updating prices and stock for the new cashew harvest. Back shortly.',
  untilHours: 6,
  owner: ['Savio', 'Fernandes', '9822112345'],
  phone: '9422012345',
  description:
    'Cashews from the orchards of Goa, roasted and flavoured in Panaji, with Goan sweets and masalas.',
  short: 'Goan cashews, bebinca and recheado masala from Panaji.',
  ageDays: 330,
  location: {
    line1: '17, Rua de Ourem',
    line2: 'Fontainhas',
    city: 'Panaji',
    state: 'Goa',
    pin: '403001',
    lat: 15.4989,
    lng: 73.8278,
  },
  contacts: [
    ['Primary', '9422012345'],
    ['Orders', '9822112345'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'goacashew@okicici',
    freeAbove: 999,
    returnDays: 2,
    warranty: 'Fresh stock, vacuum packed.',
  },
  categories: { Cashews: ['Whole Cashews', 'Flavoured Cashews'], 'Goan Specials': ['Sweets', 'Masalas'] },
  products: `
GCC-001 | Cashews/Whole Cashews | W240 Whole Cashews, 500 g | 899 | 799 | 520 | 40 | 5 | F | 640 | Large, creamy W240 grade cashews from Goan orchards, vacuum packed to stay crisp.
GCC-002 | Cashews/Flavoured Cashews | Peri Peri Roasted Cashews, 200 g | 449 | 399 | 230 | 22 | 12 | F | 310 | Slow-roasted cashews with a fiery peri peri coating.
GCC-003 | Cashews/Flavoured Cashews | Honey Roasted Cashews, 200 g | 479 | - | 250 | 0 | 12 | - | 190 | Cashews glazed with wild honey and a pinch of sea salt.
GCC-004 | Goan Specials/Sweets | Traditional Bebinca, 500 g | 549 | 499 | 240 | 12 | 5 | S | 120 | The layered Goan dessert of coconut milk, egg yolk and ghee, baked layer by layer.
GCC-005 | Goan Specials/Masalas | Goan Recheado Masala Paste, 200 g | 249 | - | 100 | 3 | 12 | - | 260 | Red chilli and vinegar paste for stuffing fish and prawns, Goan style.
GCC-006 | Goan Specials/Sweets | Goan Dodol, 250 g | 299 | 269 | 120 | 16 | 5 | - | 140 | A chewy Christmas sweet of rice flour, coconut milk and palm jaggery.
`,
  deals: [{ sku: 'GCC-001', title: 'Harvest Cashew Deal', price: 699, start: -8, hours: 40 }],
  theme: theme(
    ['#0c4a6e', '#0891b2'],
    '#0e7490',
    'A taste of Goa',
    'Cashews from Goan orchards',
    'Roasted cashews, bebinca and masalas from Panaji.',
  ),
};

export const kovaiCottonLinen: DemoShop = {
  slug: 'kovai-cotton-linen',
  name: 'Kovai Cotton Linen',
  category: 'Home',
  status: 'TEMPORARILY_UNAVAILABLE',
  note: 'Our warehouse is moving to a new location. Orders will resume in a few days.',
  owner: ['Senthil', 'Kumar', '9443012345'],
  phone: '9443098765',
  description: 'Cotton bed and bath linen woven in the mills of Coimbatore, sold at mill prices.',
  short: 'Mill-fresh cotton bedsheets and towels from Coimbatore.',
  ageDays: 270,
  location: {
    line1: '88, Oppanakara Street',
    city: 'Coimbatore',
    state: 'Tamil Nadu',
    pin: '641001',
    lat: 10.9974,
    lng: 76.9589,
  },
  contacts: [['Primary', '9443098765']],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'kovaicotton@oksbi',
    freeAbove: 799,
    returnDays: 10,
    warranty: 'Colourfast guarantee.',
  },
  categories: { 'Bed Linen': ['Bedsheets', 'Pillow Covers'], 'Bath Linen': ['Towels'] },
  products: `
KCL-001 | Bed Linen/Bedsheets | 300 TC Cotton Double Bedsheet, Indigo Stripes | 1499 | 1199 | 520 | 30 | 12 | F | 410 | Percale-woven 300 thread count cotton with two pillow covers. Cool and crisp.
KCL-002 | Bed Linen/Pillow Covers | Cotton Pillow Covers, Set of 4 | 599 | 499 | 190 | 48 | 5 | - | 520 | Plain-dyed cotton pillow covers with envelope closures, 18 by 27 inches.
KCL-003 | Bath Linen/Towels | Terry Cotton Bath Towel, 600 GSM | 799 | 649 | 260 | 0 | 5 | F | 330 | Thick, plush bath towel that dries quickly in humid weather.
KCL-004 | Bath Linen/Towels | Kitchen Towels, Set of 6 | 399 | - | 120 | 60 | 5 | - | 880 | Checked waffle-weave kitchen towels that soak up spills fast.
KCL-005 | Bed Linen/Bedsheets | Kids' Cartoon Print Single Bedsheet | 799 | 699 | 270 | 4 | 5 | - | 150 | Bright, soft cotton bedsheet with a jungle print kids love, with one pillow cover.
`,
  deals: [{ sku: 'KCL-001', title: 'Mill Price Bedsheet Deal', price: 999, start: -12, hours: 60 }],
  theme: theme(
    ['#1e3a8a', '#0284c7'],
    '#1d4ed8',
    'From the mills of Coimbatore',
    'Pure cotton at mill prices',
    'Bedsheets, pillow covers and towels woven in Kovai.',
  ),
};
