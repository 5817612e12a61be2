import type { DemoShop } from './demo-types.ts';

export const kesarGlowNaturals: DemoShop = {
  slug: 'kesar-glow-naturals',
  name: 'Kesar Glow Naturals',
  category: 'Beauty',
  status: 'PUBLISHED',
  owner: ['Sneha', 'Deshmukh', '9822012345'],
  phone: '9822098765',
  description:
    'Skincare and haircare inspired by Ayurveda and made in small batches in Pune. Saffron, turmeric, bhringraj and sandalwood, without parabens or sulphates, and never tested on animals.',
  short: 'Ayurveda-inspired skincare, haircare and bath essentials, made in small batches in Pune.',
  ageDays: 260,
  location: {
    line1: 'Shop 7, Lane 5, Koregaon Park',
    city: 'Pune',
    state: 'Maharashtra',
    pin: '411001',
    lat: 18.5362,
    lng: 73.8936,
  },
  contacts: [
    ['Primary', '9822098765'],
    ['WhatsApp', '9822012345'],
    ['Support', '8600123456'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'kesarglow@okaxis',
    freeAbove: 499,
    returnDays: 7,
    warranty: 'Unopened products can be returned within 7 days. Best before 18 months from manufacture.',
  },
  categories: {
    Skincare: ['Cleansers', 'Serums', 'Moisturisers'],
    Haircare: ['Hair Oils', 'Shampoos'],
    'Bath & Body': ['Soaps', 'Scrubs & Ubtans'],
    Makeup: ['Eyes', 'Lips'],
  },
  products: `
KGN-001 | Skincare/Cleansers | Kumkumadi Brightening Face Wash, 100 ml | 449 | 379 | 140 | 58 | 18 | F | 1350 | A gentle gel cleanser with saffron and manjistha that removes oil and grime without drying the skin.
KGN-002 | Skincare/Serums | Saffron and Niacinamide Glow Serum, 30 ml | 899 | 699 | 260 | 34 | 18 | FS | 920 | Five percent niacinamide with saffron extract to even out skin tone and fade dark spots.
KGN-003 | Skincare/Serums | Vitamin C Serum with Amla, 30 ml | 799 | - | 240 | 3 | 18 | - | 380 | Stable vitamin C with Indian gooseberry for brighter, firmer skin. Use in the morning.
KGN-004 | Skincare/Moisturisers | Aloe Vera and Cucumber Gel Moisturiser, 100 g | 399 | 349 | 120 | 45 | 18 | - | 1020 | A light, non-sticky gel for oily and combination skin. Cooling after a day in the sun.
KGN-005 | Skincare/Moisturisers | SPF 50 Sunscreen Gel, PA++++, 50 g | 599 | 499 | 180 | 0 | 18 | F | 760 | Broad-spectrum protection that leaves no white cast on Indian skin tones.
KGN-006 | Skincare/Cleansers | Rose Water Toner Mist, 100 ml | 299 | - | 80 | 62 | 18 | - | 1480 | Steam-distilled rose water from Kannauj in a fine mist spray. Refreshes and tones.
KGN-007 | Skincare/Moisturisers | Kumkumadi Night Face Oil, 15 ml | 1299 | 1099 | 380 | 12 | 12 | F | 410 | The classical Ayurvedic tailam with saffron and sixteen herbs for an overnight glow.
KGN-008 | Skincare/Serums | Under Eye Cream with Coffee and Almond, 20 g | 549 | 449 | 150 | 21 | 18 | N | 13 | Caffeine and almond oil to reduce puffiness and dark circles after late nights.
KGN-009 | Haircare/Hair Oils | Bhringraj and Amla Hair Oil, 200 ml | 449 | 399 | 130 | 40 | 12 | F | 1250 | Slow-cooked in sesame oil the traditional way to reduce hair fall and nourish the scalp.
KGN-010 | Haircare/Hair Oils | Onion and Black Seed Hair Oil, 100 ml | 399 | - | 110 | 0 | 12 | - | 890 | Red onion and kalonji in a light oil base that does not weigh hair down.
KGN-011 | Haircare/Shampoos | Shikakai and Reetha Herbal Shampoo, 250 ml | 499 | 429 | 150 | 31 | 18 | - | 660 | A sulphate-free cleanser with soapnut and shikakai, gentle enough for daily use.
KGN-012 | Haircare/Shampoos | Hibiscus Conditioner, 200 ml | 449 | - | 140 | 2 | 18 | - | 240 | Hibiscus and aloe vera to detangle and add shine without silicones.
KGN-013 | Bath & Body/Soaps | Handmade Sandalwood and Turmeric Soap, Pack of 3 | 399 | 349 | 110 | 70 | 18 | - | 1750 | Cold-processed soaps with real sandalwood oil and Lakadong turmeric.
KGN-014 | Bath & Body/Soaps | Charcoal and Neem Detox Soap, 125 g | 179 | - | 50 | 88 | 18 | - | 930 | Activated charcoal and neem for oily, acne-prone skin.
KGN-015 | Bath & Body/Scrubs & Ubtans | Haldi Chandan Ubtan Face Pack, 100 g | 349 | 299 | 95 | 36 | 18 | - | 580 | Gram flour, turmeric and sandalwood, the pre-wedding ritual in a jar. Mix with rose water.
KGN-016 | Bath & Body/Scrubs & Ubtans | Coffee Body Scrub, 200 g | 549 | 479 | 160 | 5 | 18 | - | 310 | Coorg coffee grounds with coconut oil to exfoliate and soften rough skin.
KGN-017 | Bath & Body/Soaps | Kesar Glow Bridal Skincare Kit | 2499 | 1999 | 800 | 9 | 18 | FSN | 8 | Face wash, serum, night oil, ubtan and lip balm in a keepsake box for the bride-to-be.
KGN-018 | Makeup/Eyes | Ayurvedic Kajal with Almond Oil | 249 | 199 | 60 | 95 | 18 | - | 2200 | Smudge-proof kajal made with camphor, castor and almond oil. Ophthalmologist tested.
KGN-019 | Makeup/Lips | Tinted Lip Balm, Beetroot | 249 | - | 65 | 64 | 18 | - | 1540 | Natural pink tint from beetroot with shea butter to heal chapped lips.
KGN-020 | Makeup/Lips | Matte Liquid Lipstick, Rust Brown | 499 | 399 | 140 | 27 | 18 | N | 21 | Long-wearing matte colour that stays put through meals, in a warm rust brown.
KGN-021 | Makeup/Eyes | Volumising Mascara, Jet Black | 549 | 449 | 170 | 18 | 18 | - | 260 | Builds volume without clumps, with a curved brush and a water-resistant formula.
KGN-022 | Haircare/Hair Oils | Rosemary Hair Growth Spray, 100 ml | 599 | 529 | 180 | 23 | 18 | - | 340 | Rosemary and curry leaf water in a no-mess spray for the scalp. Use daily.
`,
  deals: [
    { sku: 'KGN-002', title: 'Glow Serum Deal', price: 599, start: -20, hours: 72 },
    { sku: 'KGN-013', title: 'Soap Stock-up Offer', price: 279, start: -6, hours: 24 },
    { sku: 'KGN-009', title: 'Hair Oil Week', price: 329, start: -45, hours: 145 },
    { sku: 'KGN-017', title: 'Wedding Season Kit Sale', price: 1699, start: 60, hours: 72 },
  ],
  theme: {
    bg: ['#fff7ed', '#fde68a'],
    text: ['#9a3412', '#be123c'],
    accent: '#ea580c',
    banner: {
      heading: 'Glow the Ayurvedic way',
      highlight: 'Saffron, turmeric and sandalwood',
      description: 'Clean skincare and haircare made in small batches in Pune. No parabens, no sulphates.',
      primary: 'Shop Skincare',
      secondary: 'Bridal Kit',
    },
    featured: ['Bestsellers', 'Rituals our customers swear by'],
    deals: ['Beauty Deals', 'Self-care at special prices'],
    sales: ['Coming Soon', 'Our wedding season sale starts shortly'],
    newsletter: 'Skincare tips, new launches and member-only offers.',
  },
};

export const kutchKalaHome: DemoShop = {
  slug: 'kutch-kala-home',
  name: 'Kutch Kala Home',
  category: 'Home',
  status: 'PUBLISHED',
  owner: ['Jignesh', 'Rabari', '9825012345'],
  phone: '9825098765',
  description:
    'Home decor, bed linen and kitchenware made by artisans of Kutch and Saurashtra. Mirror work, Ajrakh, Rogan art and hammered copper, sourced directly from the craftspeople and sold from our store in Ahmedabad.',
  short: 'Handcrafted decor, linen and copperware from the artisans of Kutch.',
  ageDays: 350,
  location: {
    line1: '21, Law Garden Market',
    line2: 'Ellisbridge',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pin: '380006',
    lat: 23.0246,
    lng: 72.5603,
  },
  contacts: [
    ['Primary', '9825098765'],
    ['Orders', '7600123456'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'kutchkalahome@okhdfcbank',
    freeAbove: 1499,
    returnDays: 10,
    warranty: 'Handmade pieces: breakage in transit is replaced free if reported with an unboxing photo.',
  },
  categories: {
    Decor: ['Wall Hangings', 'Lamps & Lanterns', 'Cushion Covers'],
    'Bed & Bath': ['Bedsheets', 'Quilts', 'Towels'],
    'Kitchen & Dining': ['Copper & Brass', 'Serveware'],
  },
  products: `
KKH-001 | Decor/Wall Hangings | Kutchi Mirror Work Toran, 40 inch | 1299 | 999 | 420 | 26 | 12 | F | 460 | A doorway toran embroidered by Rabari women with mirrors, beads and tassels. Brings colour to any entrance.
KKH-002 | Decor/Wall Hangings | Rogan Art Tree of Life Frame | 3499 | - | 1500 | 4 | 12 | F | 86 | Painted freehand in castor-oil colours by a Rogan artist from Nirona, framed in sheesham wood.
KKH-003 | Decor/Lamps & Lanterns | Brass Diya Set of 5 | 899 | 749 | 330 | 48 | 12 | - | 720 | Hand-cast brass diyas with a lotus base, for Diwali and daily puja.
KKH-004 | Decor/Lamps & Lanterns | Hand-Painted Camel Leather Lamp | 2299 | 1999 | 950 | 0 | 12 | S | 140 | A table lamp with a painted leather shade that throws a warm amber glow.
KKH-005 | Decor/Cushion Covers | Ajrakh Cushion Covers, Set of 5 | 1499 | 1199 | 480 | 34 | 12 | F | 610 | Natural-dyed Ajrakh from Ajrakhpur in indigo and madder, 16 by 16 inches, with hidden zips.
KKH-006 | Decor/Cushion Covers | Kutch Embroidered Cushion Cover, 16 x 16 | 599 | - | 210 | 40 | 5 | - | 530 | Dense Kutchi embroidery with tiny mirrors on a black cotton base.
KKH-007 | Bed & Bath/Bedsheets | Sanganeri Cotton Double Bedsheet with 2 Pillow Covers | 1799 | 1399 | 620 | 30 | 12 | FS | 890 | 100 percent cotton, 90 by 108 inches, hand-block printed in soft pastels.
KKH-008 | Bed & Bath/Bedsheets | Ajrakh King Size Bedsheet Set | 2499 | 2099 | 950 | 3 | 12 | S | 210 | King size sheet and two pillow covers in deep indigo Ajrakh. Gets softer with every wash.
KKH-009 | Bed & Bath/Quilts | Jaipuri Razai, Hand-Quilted Cotton, Double | 3999 | 3299 | 1700 | 11 | 12 | F | 170 | Light yet warm cotton-filled razai, hand quilted with a block-printed mulmul cover.
KKH-010 | Bed & Bath/Quilts | Patchwork Dohar, Single | 1499 | - | 600 | 0 | 12 | - | 230 | Three layers of soft mulmul with a patchwork of old saree prints, for AC rooms.
KKH-011 | Bed & Bath/Towels | Handloom Cotton Bath Towels, Set of 2 | 899 | 749 | 300 | 44 | 5 | - | 480 | Woven on handlooms in Gujarat; thin, quick drying and more absorbent with each wash.
KKH-012 | Bed & Bath/Towels | Turkish Cotton Hand Towels, Set of 4 | 699 | - | 240 | 2 | 5 | N | 9 | Flat-woven towels with tassels, lovely for guest bathrooms and as kitchen towels.
KKH-013 | Kitchen & Dining/Copper & Brass | Pure Copper Water Bottle, 1 L | 999 | 799 | 380 | 55 | 12 | F | 1320 | Leak-proof bottle in pure copper. Fill it at night, drink it in the morning.
KKH-014 | Kitchen & Dining/Copper & Brass | Hammered Copper Jug with 2 Glasses | 1899 | 1599 | 760 | 16 | 12 | - | 280 | Hand-hammered by coppersmiths with a lacquer-free finish. Makes a lovely gift.
KKH-015 | Kitchen & Dining/Copper & Brass | Brass Puja Thali Set | 1599 | - | 700 | 9 | 12 | - | 150 | Engraved thali with a diya, kalash, agarbatti stand, bell and kumkum bowls.
KKH-016 | Kitchen & Dining/Serveware | Mango Wood Serving Platter | 1199 | 999 | 420 | 21 | 12 | - | 260 | A platter carved from a single piece of mango wood and finished with food-safe oil.
KKH-017 | Kitchen & Dining/Serveware | Blue Pottery Dinner Plates, Set of 4 | 2199 | 1899 | 880 | 7 | 12 | N | 11 | Hand-painted blue pottery plates with floral motifs, made from quartz and glass.
KKH-018 | Kitchen & Dining/Serveware | Ceramic Chai Mugs, Set of 6 | 999 | 849 | 340 | 38 | 12 | - | 670 | Glazed stoneware mugs in six colours; microwave and dishwasher safe.
KKH-019 | Decor/Wall Hangings | Macrame Wall Hanging with Wooden Beads | 899 | 749 | 280 | 27 | 12 | - | 340 | Hand-knotted cotton macrame on a driftwood rod, 24 inches wide.
KKH-020 | Decor/Lamps & Lanterns | Moroccan Metal Lantern, Medium | 1699 | 1399 | 640 | 13 | 12 | - | 190 | Cut-work metal lantern that scatters patterns of light across walls.
KKH-021 | Bed & Bath/Bedsheets | Bandhani Print Single Bedsheet | 899 | - | 310 | 24 | 5 | - | 380 | Bright bandhani print on soft cotton, 60 by 90 inches, with one pillow cover.
KKH-022 | Decor/Cushion Covers | Jute Floor Cushion with Kantha Cover | 1999 | 1699 | 760 | 10 | 12 | N | 7 | A plump floor cushion with a jute base and an upcycled kantha cover.
`,
  deals: [
    { sku: 'KKH-013', title: 'Copper Bottle Deal', price: 649, start: -14, hours: 52 },
    { sku: 'KKH-007', title: 'Bedsheet Bonanza', price: 1199, start: -36, hours: 132 },
    { sku: 'KKH-003', title: 'Festival of Lights Deal', price: 599, start: -2, hours: 12 },
    { sku: 'KKH-009', title: 'Winter Razai Sale', price: 2799, start: 72, hours: 96 },
  ],
  theme: {
    bg: ['#7f1d1d', '#c2410c'],
    text: ['#fde68a', '#fecaca'],
    accent: '#b91c1c',
    banner: {
      heading: 'Crafted in Kutch, made for your home',
      highlight: 'Mirror work, Ajrakh and hammered copper',
      description: 'Decor, linen and kitchenware bought directly from artisans of Kutch and Saurashtra.',
      primary: 'Shop Decor',
      secondary: 'Bed & Bath',
    },
    featured: ['Artisan Favourites', 'Handmade pieces our customers love'],
    deals: ['Deals of the Week', 'Handcrafted pieces at special prices'],
    sales: ['Winter Sale Coming Soon', 'Razais and quilts at the year’s best prices'],
    newsletter: 'Stories from our artisans and new collections each season.',
  },
};
