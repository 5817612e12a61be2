import type { DemoShop } from './demo-types.ts';

export const nammaGadgets: DemoShop = {
  slug: 'namma-gadgets',
  name: 'Namma Gadgets',
  category: 'Electronic',
  status: 'PUBLISHED',
  owner: ['Karthik', 'Gowda', '9845098765'],
  phone: '9886123456',
  description:
    'Bengaluru’s neighbourhood gadget store, now online. Earbuds, chargers, smart-home devices and computer accessories, all tested by our team, sold with a GST invoice and backed by warranty.',
  short: 'Audio, chargers, smart home and computer accessories with GST invoice and warranty.',
  ageDays: 380,
  location: {
    line1: '112, 80 Feet Road, Koramangala 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560034',
    lat: 12.9352,
    lng: 77.6245,
  },
  contacts: [
    ['Primary', '9886123456'],
    ['Support', '8904567123'],
    ['WhatsApp', '9845098765'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'nammagadgets@okicici',
    freeAbove: 499,
    returnDays: 7,
    warranty: '1-year manufacturer warranty on all electronics. Replacement within 7 days for any defect.',
  },
  categories: {
    Audio: ['Earbuds', 'Headphones', 'Speakers'],
    'Mobile Accessories': ['Chargers', 'Power Banks', 'Cables'],
    'Smart Home': ['Smart Plugs & Bulbs', 'Security Cameras'],
    'Computer Accessories': ['Keyboards & Mice', 'Storage'],
  },
  products: `
NMG-001 | Audio/Earbuds | TWS Earbuds with ENC and 40h Playback | 2499 | 1499 | 820 | 48 | 18 | FS | 1240 | Bluetooth 5.3 true wireless earbuds with environmental noise cancellation for clear calls, a low-latency game mode and a Type-C fast-charging case.
NMG-002 | Audio/Earbuds | ANC Earbuds Pro with Transparency Mode | 4999 | 3499 | 2100 | 16 | 18 | FS | 430 | Hybrid active noise cancellation up to 35 dB, transparency mode, wireless charging case and IPX5 sweat resistance.
NMG-003 | Audio/Headphones | Over-Ear Wireless Headphones, 60h Battery | 3999 | 2799 | 1500 | 12 | 18 | F | 380 | Plush memory-foam ear cushions, 40 mm drivers with deep bass and 60 hours of playback on one charge.
NMG-004 | Audio/Headphones | Wired Earphones with Mic, 3.5 mm | 499 | 349 | 120 | 85 | 18 | - | 2100 | Tangle-free flat cable, in-line mic with a single button, and punchy 10 mm drivers.
NMG-005 | Audio/Speakers | 20W Portable Bluetooth Speaker, IPX7 | 3499 | 2499 | 1300 | 4 | 18 | F | 290 | Waterproof speaker with 20 W stereo sound, 12 hours of playback and a built-in power bank.
NMG-006 | Audio/Speakers | 120W Soundbar with Wireless Subwoofer | 11999 | 8999 | 5600 | 0 | 18 | S | 74 | 2.1 channel soundbar with HDMI ARC, optical input and a wireless subwoofer for movie nights.
NMG-007 | Mobile Accessories/Chargers | 33W Dual Port Fast Charger, Type-C and USB-A | 1299 | 799 | 310 | 60 | 18 | - | 1530 | Charges a phone and earbuds together. BIS certified with protection against overheating and surges.
NMG-008 | Mobile Accessories/Chargers | 65W GaN Charger for Laptop and Phone | 3299 | 2499 | 1250 | 9 | 18 | F | 210 | Compact GaN charger with two Type-C ports and one USB-A; powers most USB-C laptops.
NMG-009 | Mobile Accessories/Power Banks | 20000 mAh Power Bank, 22.5W | 2499 | 1699 | 900 | 27 | 18 | - | 860 | Charges most phones four times over, with 22.5 W fast charging and a digital battery display.
NMG-010 | Mobile Accessories/Power Banks | 10000 mAh Slim Magnetic Power Bank | 2999 | 2199 | 1150 | 0 | 18 | - | 190 | Snaps onto magnetic phone cases and charges wirelessly. Slimmer than a deck of cards.
NMG-011 | Mobile Accessories/Cables | Braided USB-C to USB-C Cable, 1.5 m | 599 | 399 | 110 | 120 | 18 | - | 2600 | Nylon braided cable rated for 60 W charging and 10,000 bends.
NMG-012 | Mobile Accessories/Cables | 3-in-1 Charging Cable, Type-C, Lightning and Micro USB | 699 | 449 | 140 | 3 | 18 | - | 940 | One cable for every device in the house. 1.2 m, braided, with an aluminium housing.
NMG-013 | Smart Home/Smart Plugs & Bulbs | 16A Wi-Fi Smart Plug with Energy Monitoring | 1499 | 999 | 480 | 33 | 18 | - | 520 | Control your geyser or AC from the app, set schedules and see how many units it uses.
NMG-014 | Smart Home/Smart Plugs & Bulbs | Smart LED Bulb 9W, 16 Million Colours | 799 | 549 | 210 | 70 | 18 | - | 1100 | Wi-Fi bulb that works with voice assistants. Warm white for evenings, any colour for festivals.
NMG-015 | Smart Home/Security Cameras | 2MP Wi-Fi Home Security Camera, 360 Degree | 2999 | 1899 | 1050 | 18 | 18 | FS | 640 | Full HD pan-tilt camera with two-way talk, motion alerts and night vision. Supports SD cards up to 256 GB.
NMG-016 | Smart Home/Security Cameras | Outdoor Bullet Camera with Colour Night Vision | 4499 | 3299 | 1900 | 2 | 18 | S | 88 | Weatherproof IP66 camera with spotlight, colour night vision and person detection.
NMG-017 | Computer Accessories/Keyboards & Mice | Wireless Keyboard and Mouse Combo | 1799 | 1299 | 620 | 23 | 18 | - | 410 | Quiet keys, a full number pad and a single nano receiver. Runs a year on one set of batteries.
NMG-018 | Computer Accessories/Keyboards & Mice | Mechanical Keyboard, Blue Switches, RGB | 3499 | 2799 | 1500 | 8 | 18 | N | 14 | Tactile blue switches, per-key RGB lighting and a detachable Type-C cable.
NMG-019 | Computer Accessories/Storage | 1TB Portable SSD, USB 3.2 | 8999 | 6499 | 4300 | 11 | 18 | FS | 156 | Pocket-sized SSD with read speeds up to 1050 MB/s. Drop resistant up to 2 metres.
NMG-020 | Computer Accessories/Storage | 64GB USB 3.0 Pen Drive, Pack of 2 | 999 | 699 | 330 | 54 | 18 | - | 730 | Metal-body pen drives with a keyring loop. Fast USB 3.0 transfers.
NMG-021 | Computer Accessories/Keyboards & Mice | Ergonomic Vertical Mouse | 1499 | - | 560 | 15 | 18 | N | 6 | A handshake grip that eases wrist strain over long workdays. Six buttons, adjustable DPI.
NMG-022 | Audio/Headphones | Kids' Volume-Limited Headphones | 1299 | 999 | 420 | 19 | 18 | - | 120 | Volume capped at 85 dB to protect young ears, with a bendable headband and a shareable jack.
NMG-023 | Mobile Accessories/Chargers | 15W Wireless Charging Pad | 1499 | 899 | 380 | 0 | 18 | - | 330 | Qi-certified pad that charges through most cases, with a soft LED that dims at night.
`,
  deals: [
    { sku: 'NMG-001', title: 'Lightning Deal: TWS Earbuds', price: 1199, start: -4, hours: 14 },
    { sku: 'NMG-009', title: 'Power Bank Price Drop', price: 1399, start: -22, hours: 72 },
    { sku: 'NMG-015', title: 'Home Security Week', price: 1599, start: -60, hours: 180 },
    { sku: 'NMG-019', title: 'Big Storage Days', price: 5699, start: 30, hours: 48 },
    { sku: 'NMG-003', title: 'Music Month Sale', price: 2299, start: 96, hours: 72 },
  ],
  theme: {
    bg: ['#0f172a', '#1d4ed8'],
    text: ['#38bdf8', '#a78bfa'],
    accent: '#2563eb',
    banner: {
      heading: 'Gadgets you can trust',
      highlight: 'Tested in Bengaluru, delivered across India',
      description: 'Earbuds, chargers and smart-home gear with GST invoice and a 1-year warranty.',
      primary: 'Shop Audio',
      secondary: 'Smart Home',
    },
    featured: ['Top Picks', 'The gadgets our customers buy again and again'],
    deals: ['Lightning Deals', 'Grab them before the timer runs out'],
    sales: ['Upcoming Sales', 'Big savings on storage and audio, starting soon'],
    newsletter: 'Get launch alerts and price drops in your inbox.',
  },
};

export const deccanDigital: DemoShop = {
  slug: 'deccan-digital',
  name: 'Deccan Digital',
  category: 'Electronic',
  status: 'PUBLISHED',
  owner: ['Mohammed', 'Irfan', '9848022338'],
  phone: '9848011122',
  description:
    'Home and kitchen appliances from a family-run store on Abids Road, serving Hyderabad since 1998. Mixer grinders, irons, fans and lighting, with honest advice and quick service.',
  short: 'Kitchen, personal care and home appliances from Abids, Hyderabad.',
  ageDays: 520,
  location: {
    line1: '5-9-22, Abids Road',
    line2: 'Opposite GPO',
    city: 'Hyderabad',
    state: 'Telangana',
    pin: '500001',
    lat: 17.3924,
    lng: 78.4747,
  },
  contacts: [
    ['Primary', '9848011122'],
    ['Support', '7702233445'],
  ],
  settings: {
    payments: ['COD', 'UPI'],
    upi: 'deccandigital@okhdfcbank',
    freeAbove: 999,
    returnDays: 7,
    warranty: 'Brand warranty from 1 to 2 years; we help you with service claims in Hyderabad.',
  },
  categories: {
    'Kitchen Appliances': ['Mixer Grinders', 'Kettles & Toasters', 'Induction & Cookers'],
    'Personal Care': ['Trimmers', 'Hair Dryers & Stylers'],
    'Home Appliances': ['Fans & Heaters', 'Irons & Steamers'],
    'Lighting & Power': ['LED Lights', 'Extension Boards'],
  },
  products: `
DDG-001 | Kitchen Appliances/Mixer Grinders | 750W Mixer Grinder with 3 Stainless Steel Jars | 4999 | 3299 | 2100 | 21 | 18 | FS | 690 | Powerful 750 W motor for idli batter and chutneys, three leak-proof jars and overload protection.
DDG-002 | Kitchen Appliances/Mixer Grinders | 1000W Juicer Mixer Grinder, 4 Jars | 6499 | 4599 | 3000 | 6 | 18 | S | 240 | Juicer, blender and grinder in one, with a pulp container and a 2-year motor warranty.
DDG-003 | Kitchen Appliances/Kettles & Toasters | 1.5L Stainless Steel Electric Kettle | 1499 | 849 | 420 | 44 | 18 | F | 1320 | Boils water for four cups of chai in under five minutes, with auto cut-off and dry-boil protection.
DDG-004 | Kitchen Appliances/Kettles & Toasters | 2-Slice Pop-up Toaster | 1999 | 1399 | 760 | 0 | 18 | - | 260 | Seven browning levels, a removable crumb tray and a cancel button.
DDG-005 | Kitchen Appliances/Induction & Cookers | 2000W Induction Cooktop with Auto Shut-off | 3499 | 2299 | 1400 | 17 | 18 | F | 480 | Indian menu presets for dosa, roti and pressure cooking, with a crystal glass top.
DDG-006 | Kitchen Appliances/Induction & Cookers | 3L Electric Rice Cooker | 2799 | 1999 | 1150 | 4 | 18 | - | 175 | Cooks rice for a family of five and keeps it warm for hours. Comes with a steaming tray.
DDG-007 | Personal Care/Trimmers | Beard Trimmer with 40 Length Settings | 1999 | 1299 | 620 | 36 | 18 | F | 870 | Stainless steel blades, 90 minutes of cordless use and a travel lock.
DDG-008 | Personal Care/Trimmers | Cordless Body Groomer, Waterproof | 2499 | 1799 | 900 | 12 | 18 | - | 210 | Skin-friendly trimmer for wet and dry use, with three comb attachments.
DDG-009 | Personal Care/Hair Dryers & Stylers | 1200W Foldable Hair Dryer | 1599 | 999 | 480 | 28 | 18 | - | 560 | Two heat and speed settings, a cool shot button and a foldable handle for travel.
DDG-010 | Personal Care/Hair Dryers & Stylers | Ceramic Hair Straightener | 1799 | 1199 | 560 | 2 | 18 | - | 330 | Ceramic plates heat up in 60 seconds with adjustable temperature up to 220 degrees.
DDG-011 | Home Appliances/Fans & Heaters | 1200mm BLDC Ceiling Fan with Remote | 4499 | 3599 | 2300 | 14 | 18 | FS | 290 | Uses only 28 W at top speed, so it runs longer on an inverter. Five speeds and a sleep timer.
DDG-012 | Home Appliances/Fans & Heaters | 400mm High-Speed Table Fan | 2499 | 1799 | 1000 | 0 | 18 | - | 410 | Strong airflow with oscillation and three speeds, built for Hyderabad summers.
DDG-013 | Home Appliances/Irons & Steamers | 1000W Dry Iron with Non-stick Soleplate | 999 | 749 | 330 | 50 | 18 | - | 930 | Lightweight dry iron with a non-stick soleplate and an easy-grip handle.
DDG-014 | Home Appliances/Irons & Steamers | 1600W Steam Iron with Vertical Steam | 2299 | 1599 | 780 | 19 | 18 | - | 240 | Burst of steam for thick cottons and vertical steaming for hanging clothes and curtains.
DDG-015 | Home Appliances/Fans & Heaters | 2000W Room Heater with Thermostat | 2999 | 1999 | 1100 | 8 | 18 | N | 9 | Fan heater with two heat settings, an adjustable thermostat and tip-over protection.
DDG-016 | Lighting & Power/LED Lights | 9W LED Bulb, Pack of 4 | 599 | 399 | 180 | 110 | 12 | - | 2800 | Bright cool daylight bulbs with a 2-year replacement warranty.
DDG-017 | Lighting & Power/LED Lights | 20W LED Batten, Cool Daylight, Pack of 2 | 899 | 649 | 300 | 65 | 12 | - | 1350 | Slim 4-foot battens that replace old tube lights and use half the power.
DDG-018 | Lighting & Power/LED Lights | Rechargeable Emergency LED Lantern | 1299 | 899 | 420 | 3 | 12 | - | 520 | Up to 8 hours of light during power cuts, with a USB port to charge a phone.
DDG-019 | Lighting & Power/Extension Boards | 4+1 Extension Board with Surge Protector | 899 | 599 | 260 | 72 | 18 | - | 1450 | Four universal sockets, a master switch and surge protection, with a 2-metre cord.
DDG-020 | Lighting & Power/Extension Boards | Smart Extension Board with 3 USB Ports | 1499 | 1099 | 520 | 25 | 18 | N | 16 | App-controlled sockets, three USB ports and energy monitoring.
DDG-021 | Kitchen Appliances/Kettles & Toasters | Sandwich Maker with Grill Plates | 1699 | 1149 | 540 | 22 | 18 | - | 380 | Makes two grilled sandwiches at a time with non-stick plates and a cool-touch handle.
DDG-022 | Home Appliances/Irons & Steamers | Handheld Garment Steamer | 2499 | 1899 | 900 | 10 | 18 | F | 130 | Removes creases from sarees and shirts in minutes; ready to steam in 25 seconds.
`,
  deals: [
    { sku: 'DDG-001', title: 'Mixer Grinder Mega Deal', price: 2899, start: -26, hours: 96 },
    { sku: 'DDG-003', title: 'Kettle Flash Deal', price: 699, start: -1, hours: 8 },
    { sku: 'DDG-019', title: 'Power Safety Week', price: 499, start: -50, hours: 160 },
    { sku: 'DDG-011', title: 'Summer Cooling Sale', price: 3199, start: 54, hours: 96 },
  ],
  theme: {
    bg: ['#134e4a', '#0f766e'],
    text: ['#fef08a', '#fdba74'],
    accent: '#0d9488',
    banner: {
      heading: 'Appliances for every Indian home',
      highlight: 'Serving Hyderabad since 1998',
      description: 'Mixer grinders, fans, irons and lighting with brand warranty and quick delivery.',
      primary: 'Shop Kitchen',
      secondary: 'View All Appliances',
    },
    featured: ['Customer Favourites', 'Appliances Hyderabad kitchens rely on'],
    deals: ['Deals of the Day', 'Limited stock at these prices'],
    sales: ['Summer Sale Starts Soon', 'Fans and coolers at their lowest prices'],
    newsletter: 'Festive offers and new arrivals, once a month.',
  },
};
