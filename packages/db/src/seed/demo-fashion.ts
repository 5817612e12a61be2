import type { DemoShop } from './demo-types.ts';

export const jaipurBlockPrints: DemoShop = {
  slug: 'jaipur-block-prints',
  name: 'Jaipur Block Prints',
  category: 'Fashion',
  status: 'PUBLISHED',
  owner: ['Meera', 'Choudhary', '9829012345'],
  phone: '9829056781',
  description:
    'Hand-block printed clothing from Bagru and Sanganer, made with natural dyes by artisan families we have worked with for three generations. Every kurta, saree and dupatta is printed, washed and sun-dried by hand in Rajasthan.',
  short: 'Hand-block printed kurtas, sarees and dupattas from Bagru and Sanganer.',
  ageDays: 420,
  location: {
    line1: 'Shop 14, Bapu Bazaar',
    line2: 'Near Sanganeri Gate',
    city: 'Jaipur',
    state: 'Rajasthan',
    pin: '302003',
    lat: 26.9196,
    lng: 75.8236,
  },
  contacts: [
    ['Primary', '9829056781'],
    ['WhatsApp', '9829012345'],
    ['Orders', '7014412233'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'jaipurblockprints@okaxis',
    freeAbove: 999,
    returnDays: 7,
    warranty:
      'Hand-printed fabric may show small irregularities; that is the mark of the block, not a defect.',
  },
  categories: {
    Kurtas: ['Women', 'Men'],
    'Sarees & Dupattas': ['Sarees', 'Dupattas', 'Stoles'],
    Bottoms: ['Palazzos', 'Skirts'],
    Accessories: ['Bags', 'Juttis'],
  },
  products: `
JBP-001 | Kurtas/Women | Indigo Dabu Print Straight Kurta | 1499 | 1199 | 560 | 34 | 12 | FS | 312 | Hand-block printed in Bagru with the Dabu mud-resist technique on soft cotton cambric. Straight cut, three-quarter sleeves and two side pockets.
JBP-002 | Kurtas/Women | Sanganeri Floral A-Line Kurta | 1299 | - | 480 | 27 | 12 | F | 254 | Delicate Sanganeri buttis in rani pink on an off-white base. A-line flare, mandarin collar, pure cotton that softens with every wash.
JBP-003 | Kurtas/Women | Bagru Ajrakh Anarkali Kurta | 2199 | 1799 | 820 | 12 | 12 | F | 141 | Flared anarkali in natural-dyed Ajrakh with indigo and madder red. Comes with a matching fabric belt.
JBP-004 | Kurtas/Women | Mustard Leheriya Short Kurti | 899 | 749 | 310 | 4 | 5 | - | 188 | Tie-dyed leheriya stripes in mustard and green, hip length with a notched neckline. Pairs well with jeans.
JBP-005 | Kurtas/Men | Hand-Block Printed Men's Cotton Kurta | 1399 | - | 540 | 22 | 12 | - | 97 | A classic long kurta for men in a small geometric block print. Breathable mul cotton with wooden buttons.
JBP-006 | Kurtas/Men | Indigo Short Kurta Shirt | 1099 | 949 | 430 | 0 | 5 | - | 76 | Hip-length kurta shirt in deep indigo with white Dabu dots. Works for office Fridays and weekend brunches.
JBP-007 | Sarees & Dupattas/Sarees | Dabu Indigo Mul Cotton Saree | 2499 | 2199 | 1100 | 9 | 12 | FS | 86 | Six yards of airy mul cotton printed with Dabu florals in indigo. Unstitched blouse piece included.
JBP-008 | Sarees & Dupattas/Sarees | Sanganeri Chanderi Saree with Zari Border | 3899 | 3499 | 1850 | 3 | 12 | S | 41 | Chanderi silk-cotton with hand-block motifs and a fine zari border. Light enough for a summer wedding.
JBP-009 | Sarees & Dupattas/Dupattas | Gota Patti Chanderi Dupatta | 1199 | 999 | 420 | 18 | 5 | - | 167 | Chanderi dupatta with hand-stitched gota patti edging and scattered block-printed buttis.
JBP-010 | Sarees & Dupattas/Dupattas | Bagru Print Mulmul Dupatta | 649 | - | 220 | 40 | 5 | - | 233 | Feather-light mulmul dupatta in Bagru syahi-begar print with tassels on both ends.
JBP-011 | Sarees & Dupattas/Stoles | Kalamkari Cotton Stole | 549 | 449 | 180 | 35 | 5 | N | 12 | Hand-painted Kalamkari-inspired stole in earthy ochre and black. Soft cotton, 2 metres long.
JBP-012 | Bottoms/Palazzos | Block Print Cotton Palazzo | 799 | 649 | 260 | 46 | 5 | - | 298 | Wide-leg palazzo with an elasticated waist and drawstring, printed in tiny Sanganeri florals.
JBP-013 | Bottoms/Palazzos | Indigo Dabu Wide Leg Pants | 999 | - | 340 | 0 | 5 | - | 121 | Relaxed wide-leg pants in indigo Dabu with side pockets. Our most-asked-for restock.
JBP-014 | Bottoms/Skirts | Rajasthani Tiered Wrap Skirt | 1499 | 1299 | 520 | 14 | 12 | N | 9 | Three-tier wrap skirt in a patchwork of block prints with a tie-up waist. Ankle length.
JBP-015 | Accessories/Bags | Block Print Canvas Tote Bag | 499 | - | 150 | 60 | 12 | - | 402 | Sturdy canvas tote with a cotton lining and inner zip pocket. Fits a laptop up to 14 inches.
JBP-016 | Accessories/Bags | Mirror Work Potli Bag | 699 | 599 | 210 | 2 | 12 | - | 133 | Festive potli with mirror work and a drawstring, just right for a phone, keys and lipstick.
JBP-017 | Accessories/Juttis | Embroidered Rajasthani Jutti | 1199 | 999 | 450 | 16 | 5 | F | 215 | Handmade leather jutti with thread embroidery and a cushioned insole. Made in Jaipur.
JBP-018 | Accessories/Juttis | Mojari with Gota Work | 1399 | - | 560 | 7 | 12 | - | 64 | Pointed-toe mojari with gold gota work, made to pair with lehengas and festive kurtas.
JBP-019 | Kurtas/Women | Kantha Stitch Festive Kurta Set | 2999 | 2599 | 1200 | 8 | 12 | FSN | 18 | Kurta, pants and dupatta in block-printed cotton silk with kantha running stitch on the yoke.
JBP-020 | Sarees & Dupattas/Stoles | Ajrakh Modal Silk Stole | 1099 | - | 420 | 21 | 12 | - | 58 | Ajrakh printed on fluid modal silk in indigo and rust. A winter favourite with our customers.
JBP-021 | Bottoms/Skirts | Sanganeri Cotton Midi Skirt | 899 | - | 300 | 19 | 5 | - | 84 | A-line midi skirt with an elasticated waist, printed in buttis of blue and green.
JBP-022 | Accessories/Bags | Quilted Block Print Laptop Sleeve | 899 | 799 | 300 | 25 | 12 | - | 47 | Padded laptop sleeve in quilted block-printed cotton, fits 13 to 14 inch laptops.
`,
  deals: [
    { sku: 'JBP-001', title: 'Indigo Week Special', price: 999, start: -20, hours: 48 },
    { sku: 'JBP-010', title: 'Mulmul Dupatta Flash Sale', price: 499, start: -3, hours: 12 },
    { sku: 'JBP-012', title: 'Palazzo Steal', price: 549, start: -30, hours: 96 },
    { sku: 'JBP-007', title: 'Teej Saree Sale', price: 1899, start: 40, hours: 72 },
    { sku: 'JBP-003', title: 'Festive Anarkali Preview', price: 1599, start: 120, hours: 48 },
  ],
  theme: {
    bg: ['#1e3a8a', '#be185d'],
    text: ['#fde68a', '#fbcfe8'],
    accent: '#be185d',
    banner: {
      heading: 'Handcrafted in the Pink City',
      highlight: 'Hand-block prints from Bagru and Sanganer',
      description: 'Natural dyes, soft cotton and prints made by hand, one wooden block at a time.',
      primary: 'Shop Kurtas',
      secondary: 'Explore Sarees',
    },
    featured: ['Bestsellers from our workshop', 'Loved by customers across India'],
    deals: ['Deals of the Day', 'Hand-printed favourites at special prices'],
    sales: ['Coming Soon: Festive Sale', 'Set a reminder for our next big sale'],
    newsletter: 'New prints every month. Be the first to know.',
  },
};

export const lucknowiChikanHouse: DemoShop = {
  slug: 'lucknowi-chikan-house',
  name: 'Lucknowi Chikan House',
  category: 'Fashion',
  status: 'PUBLISHED',
  owner: ['Farah', 'Naqvi', '9839045612'],
  phone: '9839011223',
  description:
    'Hand-embroidered chikankari from the lanes of Chowk, Lucknow. Our karigars work bakhiya, phanda and jaali stitches on cotton, mulmul and georgette, the way it has been done for two hundred years.',
  short: 'Authentic hand-embroidered chikankari kurtas, sarees and dupattas from Lucknow.',
  ageDays: 610,
  location: {
    line1: 'B-22, Chowk Bazaar',
    line2: 'Near Gol Darwaza',
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    pin: '226003',
    lat: 26.8686,
    lng: 80.9118,
  },
  contacts: [
    ['Primary', '9839011223'],
    ['WhatsApp', '9839045612'],
  ],
  settings: {
    payments: ['COD'],
    freeAbove: 1499,
    returnDays: 10,
    warranty: 'Hand embroidery: a slight variation between pieces is natural. Dry clean the first wash.',
  },
  categories: {
    Kurtis: ['Everyday', 'Festive'],
    "Men's Kurtas": ['Cotton', 'Linen'],
    Sarees: ['Georgette', 'Chiffon'],
    'Dupattas & Stoles': ['Dupattas', 'Stoles'],
  },
  products: `
LCH-001 | Kurtis/Everyday | White Cotton Chikankari Straight Kurti | 1199 | 999 | 420 | 38 | 5 | FS | 420 | Fine bakhiya and phanda stitches on breathable cotton. An everyday classic from the karigars of Chowk.
LCH-002 | Kurtis/Everyday | Powder Blue Mul Chikan Kurti | 1399 | - | 520 | 24 | 12 | F | 276 | Soft mulmul with tone-on-tone jaali work around the yoke and a scalloped hem.
LCH-003 | Kurtis/Festive | Georgette Chikankari Anarkali with Mukaish | 3499 | 2999 | 1400 | 6 | 12 | FS | 98 | Floor-length georgette anarkali with hand chikan and shimmering mukaish. Comes with an inner slip.
LCH-004 | Kurtis/Festive | Pastel Pink Gota Chikan Kurta Set | 2899 | 2499 | 1150 | 3 | 12 | - | 64 | Kurta, straight pants and dupatta in pastel pink, chikan on the yoke and gota along the hem.
LCH-005 | Kurtis/Everyday | Mint Green Short Chikan Top | 899 | 799 | 300 | 0 | 5 | - | 190 | Hip-length cotton top with chikan buttis, lovely with denims in the summer.
LCH-006 | Kurtis/Festive | Black Georgette Chikan Kurti with Sequins | 2299 | - | 900 | 11 | 12 | N | 7 | Black georgette with white chikan and tiny sequins that catch the light. Evening ready.
LCH-007 | Men's Kurtas/Cotton | Men's White Chikan Cotton Kurta | 1599 | 1399 | 600 | 29 | 12 | F | 310 | The classic Lucknowi kurta with chikan on the placket and cuffs. Made for Eid, weddings and pujas.
LCH-008 | Men's Kurtas/Cotton | Men's Sky Blue Chikan Kurta Pyjama Set | 2199 | 1899 | 850 | 14 | 12 | - | 122 | Sky blue kurta with matching churidar pyjama, fine chikan on the collar and chest.
LCH-009 | Men's Kurtas/Linen | Men's Beige Linen Chikan Kurta | 2499 | - | 1050 | 2 | 12 | - | 45 | Textured linen kurta with subtle tone-on-tone chikan. Breathes well on humid days.
LCH-010 | Men's Kurtas/Linen | Men's Short Chikan Kurta in Olive | 1299 | 1099 | 480 | 0 | 12 | - | 88 | A short kurta in olive linen-cotton with chikan along the placket. Smart casual.
LCH-011 | Sarees/Georgette | Ivory Georgette Chikankari Saree | 5499 | 4799 | 2400 | 5 | 12 | FS | 37 | Full-body hand chikan on soft ivory georgette, with an embroidered blouse piece.
LCH-012 | Sarees/Chiffon | Lavender Chiffon Chikan Saree | 4299 | - | 1900 | 8 | 12 | S | 29 | Flowing chiffon in lavender with chikan buttis and a heavy pallu.
LCH-013 | Sarees/Georgette | Peach Chikan Saree with Kamdani Border | 6999 | 6299 | 3100 | 4 | 12 | S | 18 | Peach georgette with chikan and a kamdani metal-thread border. A wedding-season heirloom.
LCH-014 | Dupattas & Stoles/Dupattas | White Kota Chikan Dupatta | 1099 | 899 | 380 | 33 | 5 | - | 205 | Kota doria dupatta with delicate chikan along all four sides.
LCH-015 | Dupattas & Stoles/Dupattas | Multicolour Chikan Chiffon Dupatta | 1299 | - | 460 | 21 | 12 | - | 99 | Chiffon dupatta embroidered in multicolour threads, a bright lift for plain suits.
LCH-016 | Dupattas & Stoles/Stoles | Cotton Chikan Stole in Mustard | 699 | 599 | 220 | 40 | 5 | - | 156 | Everyday cotton stole in mustard with chikan buttis and fringed ends.
LCH-017 | Kurtis/Everyday | Chikan Palazzo Set in Lemon Yellow | 1899 | 1599 | 700 | 17 | 12 | - | 134 | Cotton kurta with matching chikan palazzos. Easy, breezy and office friendly.
LCH-018 | Kurtis/Everyday | Rayon Chikan Tunic for Office | 999 | 849 | 330 | 26 | 5 | - | 241 | Wrinkle-resistant rayon tunic with machine-finished hems and hand chikan on the yoke.
LCH-019 | Men's Kurtas/Cotton | Boys' Chikan Kurta Pyjama, Age 4 to 12 | 1199 | 999 | 410 | 19 | 5 | N | 11 | Soft cotton kurta pyjama for boys with chikan on the chest. Sizes for ages 4 to 12.
LCH-020 | Dupattas & Stoles/Stoles | Tussar Silk Chikan Stole | 1999 | - | 850 | 9 | 12 | F | 52 | Tussar silk stole with fine chikan in ivory thread. A graceful gift.
LCH-021 | Kurtis/Festive | Chikan Sharara Set with Dupatta | 4499 | 3999 | 1800 | 7 | 12 | N | 5 | Short kurta, flared sharara and dupatta in georgette, embroidered all over by hand.
`,
  deals: [
    { sku: 'LCH-001', title: 'Chikan Everyday Deal', price: 849, start: -18, hours: 60 },
    { sku: 'LCH-014', title: 'Kota Dupatta Flash Deal', price: 749, start: -2, hours: 10 },
    { sku: 'LCH-007', title: 'Festive Kurta Offer', price: 1199, start: -40, hours: 140 },
    { sku: 'LCH-011', title: 'Wedding Saree Sale', price: 3999, start: 36, hours: 72 },
  ],
  theme: {
    bg: ['#fdf2f8', '#e0f2fe'],
    text: ['#831843', '#1e3a8a'],
    accent: '#9d174d',
    banner: {
      heading: 'The Art of Lucknow',
      highlight: 'Chikankari, stitched by hand',
      description: 'Kurtas, sarees and dupattas embroidered by karigars in Chowk, Lucknow.',
      primary: 'Shop Chikankari',
      secondary: 'Festive Edit',
    },
    featured: ['Our Signature Pieces', 'Hand embroidered, made to last'],
    deals: ['Today’s Deals', 'Chikan at prices that will not last'],
    sales: ['Upcoming Sale', 'The wedding edit goes on sale soon'],
    newsletter: 'Hear about new chikan collections before anyone else.',
  },
};
