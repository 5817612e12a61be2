import type { DemoShop } from './demo-types.ts';

export const chaiSutra: DemoShop = {
  slug: 'chai-sutra',
  name: 'Chai Sutra',
  category: 'Food',
  status: 'PUBLISHED',
  owner: ['Ananya', 'Bose', '9830012345'],
  phone: '9830098765',
  description:
    'Teas from the gardens of Darjeeling and Assam, blended and packed fresh in Kolkata. We pair them with the snacks that make an adda complete, and ship in airtight pouches across India.',
  short: 'Darjeeling and Assam teas, masala chai and adda snacks, packed fresh in Kolkata.',
  ageDays: 300,
  location: {
    line1: 'Ground Floor, 18B Park Street',
    line2: 'Near Park Circus',
    city: 'Kolkata',
    state: 'West Bengal',
    pin: '700016',
    lat: 22.553,
    lng: 88.3527,
  },
  contacts: [
    ['Primary', '9830098765'],
    ['WhatsApp', '9830012345'],
    ['Orders', '8910234567'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'chaisutra@okaxis',
    freeAbove: 499,
    returnDays: 2,
    warranty: 'Freshness guaranteed: damaged or leaking packs are replaced if reported within 48 hours.',
  },
  categories: {
    Tea: ['Darjeeling', 'Assam', 'Masala & Herbal'],
    Snacks: ['Namkeen', 'Biscuits & Rusks'],
    'Gift Hampers': ['Hampers'],
    Teaware: ['Kulhads & Cups', 'Strainers & Teapots'],
  },
  products: `
CHS-001 | Tea/Darjeeling | Darjeeling First Flush Loose Leaf, 100 g | 649 | 549 | 260 | 42 | 5 | F | 760 | Spring harvest from a high-altitude garden near Kurseong. Bright, floral and light; best without milk.
CHS-002 | Tea/Darjeeling | Darjeeling Second Flush Muscatel, 100 g | 749 | - | 300 | 30 | 5 | F | 520 | The famous muscatel character of the summer flush, with a coppery cup and a fruity finish.
CHS-003 | Tea/Assam | Assam CTC Strong Chai Blend, 500 g | 399 | 349 | 170 | 95 | 5 | F | 2300 | Bold, malty granules that stand up to milk and sugar. The everyday chai of Kolkata offices.
CHS-004 | Tea/Assam | Assam Orthodox Golden Tips, 100 g | 899 | 799 | 380 | 3 | 5 | - | 140 | Whole leaf with golden tips, a rich honeyed cup that is smooth enough to drink black.
CHS-005 | Tea/Masala & Herbal | Kolkata Masala Chai Mix, 250 g | 349 | 299 | 120 | 60 | 5 | F | 1800 | Assam CTC blended with cardamom, ginger, cinnamon, clove and black pepper. Just add milk.
CHS-006 | Tea/Masala & Herbal | Tulsi Ginger Green Tea, 25 Bags | 299 | - | 110 | 48 | 5 | - | 690 | Green tea with holy basil and dried ginger, soothing on a rainy evening.
CHS-007 | Tea/Masala & Herbal | Kashmiri Kahwa with Saffron, 100 g | 549 | 499 | 230 | 0 | 5 | - | 310 | Green tea with saffron strands, cardamom, cinnamon and slivers of almond.
CHS-008 | Tea/Darjeeling | Darjeeling White Tea, 50 g | 1199 | - | 560 | 7 | 5 | N | 8 | Hand-plucked silver buds, withered and dried with almost no processing. Delicate and sweet.
CHS-009 | Snacks/Namkeen | Bikaneri Bhujia Sev, 400 g | 199 | 179 | 80 | 80 | 12 | - | 1500 | Crisp moth-bean bhujia with a gentle spice, fried in groundnut oil.
CHS-010 | Snacks/Namkeen | Jhal Muri Mix, 300 g | 179 | - | 70 | 55 | 12 | - | 980 | The Kolkata street-side classic: puffed rice with chanachur and spices. Add onion and mustard oil.
CHS-011 | Snacks/Namkeen | Roasted Makhana Peri Peri, 100 g | 249 | 219 | 100 | 2 | 12 | - | 430 | Fox nuts roasted, not fried, and tossed in a tangy peri peri seasoning.
CHS-012 | Snacks/Biscuits & Rusks | Butter Bakarkhani Biscuits, 400 g | 249 | - | 95 | 38 | 18 | - | 620 | Flaky, layered butter biscuits baked fresh in a Kolkata bakery that is over 80 years old.
CHS-013 | Snacks/Biscuits & Rusks | Elaichi Cake Rusk, 300 g | 199 | 169 | 75 | 0 | 18 | - | 540 | Twice-baked cake rusk with cardamom. Made for dunking in hot chai.
CHS-014 | Snacks/Biscuits & Rusks | Atta Jaggery Cookies, 300 g | 299 | 269 | 120 | 26 | 18 | - | 310 | Whole wheat cookies sweetened with jaggery, with no maida and no palm oil.
CHS-015 | Gift Hampers/Hampers | Darjeeling Tea Tasting Box, 4 x 50 g | 1499 | 1299 | 600 | 15 | 5 | FS | 220 | First flush, second flush, autumn flush and white tea in a hand-painted gift box.
CHS-016 | Gift Hampers/Hampers | Festive Chai and Cookies Hamper | 1999 | 1799 | 850 | 4 | 12 | S | 95 | Masala chai, Assam tips, two cookie jars and a pair of kulhads in a jute basket.
CHS-017 | Gift Hampers/Hampers | Corporate Tea Gift Box with Kulhads | 2499 | - | 1100 | 12 | 12 | N | 6 | Three premium teas and two terracotta kulhads, with a custom message card.
CHS-018 | Teaware/Kulhads & Cups | Terracotta Kulhad Set of 6 | 449 | 399 | 160 | 34 | 12 | - | 720 | Handmade clay kulhads from Bengal potters that give chai its earthy aroma. Reusable.
CHS-019 | Teaware/Kulhads & Cups | Glass Tea Cups with Infuser, Set of 2 | 799 | 649 | 280 | 20 | 18 | - | 180 | Double-wall glass cups with steel infusers for loose leaf tea.
CHS-020 | Teaware/Strainers & Teapots | Stainless Steel Tea Strainer | 149 | - | 45 | 90 | 12 | - | 860 | A fine mesh strainer with a long handle that rests on any cup.
CHS-021 | Teaware/Strainers & Teapots | Cast Iron Teapot, 800 ml | 1899 | 1599 | 800 | 9 | 12 | F | 70 | Enamel-lined cast iron teapot that keeps tea hot for longer, with a removable infuser.
CHS-022 | Tea/Assam | Assam Breakfast Tea Bags, 100 Count | 449 | 399 | 180 | 70 | 5 | - | 1100 | Strong breakfast blend in biodegradable bags. Brews in two minutes.
`,
  deals: [
    { sku: 'CHS-003', title: 'Chai Lovers Deal', price: 299, start: -12, hours: 48 },
    { sku: 'CHS-001', title: 'First Flush Festival', price: 479, start: -30, hours: 120 },
    { sku: 'CHS-009', title: 'Evening Snack Deal', price: 149, start: -3, hours: 12 },
    { sku: 'CHS-016', title: 'Puja Hamper Sale', price: 1499, start: 44, hours: 96 },
  ],
  theme: {
    bg: ['#78350f', '#d97706'],
    text: ['#fef3c7', '#fde68a'],
    accent: '#b45309',
    banner: {
      heading: 'Every cup tells a story',
      highlight: 'Fresh from Darjeeling and Assam',
      description: 'Garden-fresh teas blended in Kolkata, with the snacks that make an adda complete.',
      primary: 'Shop Teas',
      secondary: 'Gift Hampers',
    },
    featured: ['Kolkata’s Favourite Cups', 'Teas and treats we brew every day'],
    deals: ['Chai Time Deals', 'Fresh stock at special prices'],
    sales: ['Festive Sale Coming Up', 'Gift hampers at their best price, starting soon'],
    newsletter: 'New harvests, brewing tips and member-only offers.',
  },
};

export const malabarSpiceRoute: DemoShop = {
  slug: 'malabar-spice-route',
  name: 'Malabar Spice Route',
  category: 'Food',
  status: 'PUBLISHED',
  owner: ['Jacob', 'Mathew', '9847012345'],
  phone: '9847056789',
  description:
    'Spices straight from the hills of Idukki and Wayanad, traded from our godown in Mattancherry just as the spice merchants of Kochi have done for centuries. Stone-ground masalas, Kerala snacks and cold-pressed oils.',
  short: 'Whole spices, masalas, Kerala snacks and cold-pressed oils from Mattancherry, Kochi.',
  ageDays: 460,
  location: {
    line1: 'XL/1123, Bazaar Road',
    line2: 'Mattancherry',
    city: 'Kochi',
    state: 'Kerala',
    pin: '682002',
    lat: 9.9579,
    lng: 76.2597,
  },
  contacts: [
    ['Primary', '9847056789'],
    ['WhatsApp', '9847012345'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'malabarspice@oksbi',
    freeAbove: 599,
    returnDays: 3,
    warranty: 'Packed within a week of grinding. Any pack with a broken seal is replaced free.',
  },
  categories: {
    'Whole Spices': ['Pepper', 'Cardamom', 'Cloves & Cinnamon'],
    Masalas: ['Curry Masalas', 'Spice Blends'],
    'Kerala Snacks': ['Chips', 'Sweets'],
    'Coconut & Oils': ['Coconut Oil', 'Gingelly Oil', 'Coconut Products'],
  },
  products: `
MSR-001 | Whole Spices/Pepper | Tellicherry Black Pepper, Bold, 200 g | 399 | 349 | 170 | 64 | 5 | FS | 1450 | Bold, extra-large peppercorns from the Malabar coast with a fruity heat. Grind fresh for the best aroma.
MSR-002 | Whole Spices/Pepper | White Pepper Powder, 100 g | 249 | - | 110 | 0 | 5 | - | 260 | Finely ground white pepper for soups, sauces and light-coloured dishes.
MSR-003 | Whole Spices/Cardamom | Idukki Green Cardamom 8 mm, 100 g | 549 | 499 | 290 | 38 | 5 | F | 980 | Plump 8 mm pods from the Idukki hills, intensely aromatic. Perfect for chai and payasam.
MSR-004 | Whole Spices/Cardamom | Hand-Peeled Cardamom Seeds, 50 g | 399 | - | 200 | 3 | 5 | - | 110 | Seeds hand peeled from fresh pods, ready to crush for sweets and biryanis.
MSR-005 | Whole Spices/Cloves & Cinnamon | Kerala Cloves, 100 g | 299 | 269 | 140 | 29 | 5 | - | 430 | Hand-picked, sun-dried cloves with a high oil content and a deep, warm aroma.
MSR-006 | Whole Spices/Cloves & Cinnamon | True Ceylon Cinnamon Quills, 100 g | 349 | - | 160 | 22 | 5 | - | 320 | Thin, paper-layered quills of true cinnamon, milder and sweeter than cassia.
MSR-007 | Whole Spices/Cloves & Cinnamon | Whole Nutmeg with Mace, 100 g | 299 | 249 | 130 | 4 | 5 | N | 12 | Nutmeg in its shell with the crimson mace still attached, from small farms in Kottayam.
MSR-008 | Masalas/Curry Masalas | Kerala Fish Curry Masala, 200 g | 149 | 129 | 55 | 75 | 5 | F | 1600 | Kashmiri chilli, coriander and fenugreek, roasted and ground the Kuttanad way. Add kudampuli.
MSR-009 | Masalas/Curry Masalas | Chicken Roast Masala, 200 g | 159 | - | 60 | 58 | 5 | - | 1120 | The spice mix behind a dark, peppery Kerala chicken roast.
MSR-010 | Masalas/Curry Masalas | Stone-Ground Sambar Powder, 250 g | 139 | 119 | 50 | 90 | 5 | - | 2050 | Roasted lentils, chillies and coriander, ground on stone in small batches.
MSR-011 | Masalas/Spice Blends | Small-Batch Garam Masala, 100 g | 179 | - | 70 | 0 | 5 | - | 640 | Fourteen whole spices, roasted and ground in batches of just five kilos.
MSR-012 | Masalas/Spice Blends | Kashmiri Chilli Powder, 250 g | 199 | 179 | 85 | 46 | 5 | - | 870 | Deep red colour with a gentle heat. No added colour, ever.
MSR-013 | Kerala Snacks/Chips | Nendran Banana Chips in Coconut Oil, 400 g | 299 | 259 | 120 | 52 | 12 | F | 1900 | Thin-sliced Nendran bananas fried in pure coconut oil and salted just right.
MSR-014 | Kerala Snacks/Chips | Sharkara Varatti, Jaggery Banana Chips, 250 g | 229 | - | 95 | 37 | 12 | - | 720 | The Onam sadya favourite: thick banana chips coated in jaggery, ginger and cardamom.
MSR-015 | Kerala Snacks/Chips | Tapioca Chips with Chilli, 200 g | 149 | 129 | 55 | 2 | 12 | - | 410 | Crunchy kappa chips with a coating of red chilli, a tea-time staple in every Kerala home.
MSR-016 | Kerala Snacks/Sweets | Kozhikode Halwa Assorted Box, 500 g | 449 | 399 | 190 | 18 | 5 | N | 15 | Black, red and pineapple halwa from a Mittai Theruvu sweet shop, packed in a gift box.
MSR-017 | Kerala Snacks/Sweets | Unniyappam, 250 g | 199 | - | 85 | 24 | 5 | - | 260 | Soft rice and jaggery dumplings fried in ghee, with banana and a hint of cardamom.
MSR-018 | Coconut & Oils/Coconut Oil | Cold-Pressed Virgin Coconut Oil, 500 ml | 499 | 449 | 230 | 41 | 5 | FS | 830 | Pressed from fresh coconut milk without heat. For cooking, oil pulling and hair care.
MSR-019 | Coconut & Oils/Coconut Oil | Wood-Pressed Coconut Oil, 1 L | 549 | - | 260 | 33 | 5 | - | 610 | Traditional chekku-pressed oil from sun-dried copra, with the aroma Kerala kitchens love.
MSR-020 | Coconut & Oils/Gingelly Oil | Cold-Pressed Gingelly Oil, 1 L | 599 | 549 | 300 | 26 | 5 | - | 350 | Sesame oil pressed in a wooden ghani, for pickles, tempering and massages.
MSR-021 | Whole Spices/Pepper | Kerala Spice Gift Box, 6 Spices | 1299 | 1099 | 560 | 13 | 5 | FS | 140 | Pepper, cardamom, cloves, cinnamon, nutmeg and star anise in a wooden gift box.
MSR-022 | Masalas/Spice Blends | Thalassery Biryani Masala, 100 g | 129 | - | 45 | 60 | 5 | - | 520 | The fragrant blend for a Malabar-style biryani with kaima rice.
MSR-023 | Coconut & Oils/Coconut Products | Desiccated Coconut Powder, 500 g | 249 | 219 | 100 | 30 | 5 | - | 280 | Finely grated, dried coconut for sweets, chutneys and baking.
`,
  deals: [
    { sku: 'MSR-001', title: 'Pepper Harvest Deal', price: 299, start: -16, hours: 72 },
    { sku: 'MSR-013', title: 'Banana Chips Offer', price: 219, start: -5, hours: 29 },
    { sku: 'MSR-018', title: 'Coconut Oil Price Drop', price: 399, start: -70, hours: 210 },
    { sku: 'MSR-003', title: 'Cardamom Auction Prices', price: 429, start: 26, hours: 48 },
    { sku: 'MSR-021', title: 'Festive Spice Box Sale', price: 949, start: 140, hours: 72 },
  ],
  theme: {
    bg: ['#14532d', '#65a30d'],
    text: ['#fef9c3', '#fed7aa'],
    accent: '#15803d',
    banner: {
      heading: 'Straight from the Spice Coast',
      highlight: 'Pepper, cardamom and masalas from Kerala',
      description: 'Whole spices from Idukki and Wayanad, stone-ground masalas and cold-pressed oils.',
      primary: 'Shop Spices',
      secondary: 'Kerala Snacks',
    },
    featured: ['Pantry Essentials', 'Spices our customers reorder every month'],
    deals: ['Spice Deals', 'Fresh harvest at market prices'],
    sales: ['Upcoming Sales', 'Cardamom and gift boxes, starting soon'],
    newsletter: 'Recipes from Kerala kitchens and first word on new harvests.',
  },
};
