import type { ShopCategory } from '@haat/contracts';
import type { DemoProduct, DemoShop } from './demo-types.ts';
import { between, pick, random } from './random.ts';

/** Reviews are generated deterministically from pools of names and comments that fit each shop category. */

const NAMES = [
  'Priya Sharma',
  'Rahul Verma',
  'Ananya Iyer',
  'Arjun Reddy',
  'Sneha Kulkarni',
  'Vikram Singh',
  'Kavya Nair',
  'Rohan Mehta',
  'Aditi Banerjee',
  'Siddharth Rao',
  'Pooja Agarwal',
  'Karthik Subramanian',
  'Neha Gupta',
  'Amit Patel',
  'Divya Menon',
  'Sanjay Joshi',
  'Meghna Das',
  'Harpreet Kaur',
  'Imran Khan',
  'Lakshmi Venkatesh',
  'Aniket Deshpande',
  'Ritika Malhotra',
  'Farhan Qureshi',
  'Shreya Ghosh',
  'Nikhil Jain',
  'Tanvi Shah',
  'Abhishek Mishra',
  'Sunita Yadav',
  'Joseph Thomas',
  'Ayesha Siddiqui',
  'Gaurav Chauhan',
  'Deepa Pillai',
  'Manish Tiwari',
  'Swati Chatterjee',
  'Varun Bhatt',
  'Nandini Hegde',
  'Rajesh Kumar',
  'Zoya Mirza',
  'Prakash Naidu',
  'Ishita Sen',
  'Suresh Babu',
  'Anjali Saxena',
  'Mohit Arora',
  'Fatima Shaikh',
  'Kiran Patil',
  'Bhavna Trivedi',
  'Sameer Kapoor',
  'Ruchi Pandey',
  'Vivek Krishnan',
  'Gurleen Sandhu',
];

type Pool = { 5: string[]; 4: string[]; 3: string[]; low: string[] };

const COMMENTS: Record<ShopCategory, Pool> = {
  Fashion: {
    5: [
      'Beautiful print and the fabric is so soft. Fits true to size.',
      'Colours are exactly as in the pictures. Got many compliments at office.',
      'Lovely handwork, you can tell it is genuinely made by hand.',
      'Second purchase from this shop, quality is consistent.',
      'Perfect for summer, very breathable cotton.',
      'Stitching is neat and the packaging was lovely too.',
      'Wore it for a family function and everyone asked where I bought it.',
    ],
    4: [
      'Nice quality, colour slightly lighter than the photo.',
      'Good fit, but the sleeves are a bit long for me.',
      'Pretty and comfortable. Delivery took a few extra days.',
      'Value for money. Washed twice, no colour bleeding.',
    ],
    3: [
      'Fabric is okay, expected a little thicker material.',
      'Average. Size chart runs slightly small, order one size up.',
      'Design is nice but there was a loose thread.',
    ],
    low: [
      'Colour faded after the first wash. Disappointed.',
      'Received a different shade than shown.',
      'Size was too small and the exchange took two weeks.',
    ],
  },
  Electronic: {
    5: [
      'Works perfectly, battery backup is excellent.',
      'Genuine product with proper GST bill and warranty card.',
      'Excellent quality for this price.',
      'Fast delivery and very well packed.',
      'Using it daily for a month, no issues at all.',
      'Better than the big brands I have used before.',
    ],
    4: [
      'Good product, the manual could be clearer.',
      'Does the job well. The cable is a bit short.',
      'Solid build, slightly heavier than expected.',
      'Good value. Setup took some time but works fine now.',
    ],
    3: [
      'Decent, but it heats up on long use.',
      'Okay for the price. Nothing special.',
      'Works fine, outer box was damaged though.',
    ],
    low: [
      'Stopped working in two weeks, waiting for replacement.',
      'Not as described in the listing.',
      'Poor quality, returned it.',
    ],
  },
  Food: {
    5: [
      'Fresh and aromatic, you can smell it as soon as you open the pack.',
      'Tastes just like home. Ordering again.',
      'Excellent quality, well sealed packing.',
      'My family loved it. Perfect with evening chai.',
      'Best quality I have found online.',
      'Gifted it to my parents and they want more.',
    ],
    4: [
      'Good taste, slightly more expensive than local stores.',
      'Fresh stock, delivery was a day late.',
      'Nice flavour, would like a bigger pack size.',
      'Good quality, the pouch could have a zip lock.',
    ],
    3: [
      'Taste is okay, not very strong.',
      'Average, expected more flavour.',
      'Fine, but the pack was smaller than I thought.',
    ],
    low: [
      'Received a pack close to its expiry date.',
      'Not fresh at all this time.',
      'The seal was broken on arrival.',
    ],
  },
  Beauty: {
    5: [
      'My skin feels so soft after using this. No breakouts.',
      'Lovely natural fragrance, not overpowering.',
      'Visible difference in two weeks, will repurchase.',
      'Gentle on sensitive skin, highly recommended.',
      'Love that it is free from harsh chemicals.',
      'My mother and I both use it now.',
    ],
    4: [
      'Works well, the bottle could be bigger.',
      'Nice product, takes a few weeks to show results.',
      'Good texture, absorbs quickly. Smell is a bit strong.',
      'Good for daily use.',
    ],
    3: [
      'Okay product, did not see much change.',
      'Average, a little too oily for my skin.',
      'Fine, but pricey for the quantity.',
    ],
    low: [
      'Caused irritation on my skin.',
      'The pump stopped working after a week.',
      'Did not suit me at all.',
    ],
  },
  Home: {
    5: [
      'Looks even better in person. Adds so much warmth to the living room.',
      'Beautiful craftsmanship, every guest asks where it is from.',
      'Soft, thick and the colours did not bleed in the wash.',
      'Perfect housewarming gift, very well packed.',
      'Excellent finish, worth every rupee.',
    ],
    4: [
      'Nice piece, slightly smaller than I imagined.',
      'Good quality, delivery took a week.',
      'Pretty, the colour is a shade darker than the photo.',
      'Good product, the packaging could be sturdier.',
    ],
    3: [
      'Okay quality, some uneven stitching.',
      'Average, expected heavier material.',
      'Looks fine but there was a small chip on one corner.',
    ],
    low: ['Arrived broken, replacement pending.', 'Colour ran in the first wash.', 'Not worth the price.'],
  },
};

export interface DemoReview {
  name: string;
  rating: number;
  description: string;
  isVerifiedCustomer: boolean;
  createdAt: Date;
}

const HOUR = 3_600_000;

/**
 * 3 to 12 reviews for an established product, 0 to 2 for a new one, skewed positive, dated between the
 * product's listing and `now`.
 */
export function demoReviews(shop: DemoShop, product: DemoProduct, listedAt: Date, now: Date): DemoReview[] {
  const rnd = random(`${shop.slug}:${product.sku}:reviews`);
  const count = product.isNew ? between(rnd, 0, 2) : between(rnd, 3, 12);
  // Some products are simply better liked than others.
  const mood = rnd();
  const pool = COMMENTS[shop.category];
  const span = Math.max(now.getTime() - listedAt.getTime() - 4 * HOUR, HOUR);
  const used = new Set<string>();
  const reviews: DemoReview[] = [];
  for (let i = 0; i < count; i++) {
    const roll = rnd() * 0.85 + mood * 0.15;
    const rating = roll > 0.45 ? 5 : roll > 0.2 ? 4 : roll > 0.1 ? 3 : roll > 0.04 ? 2 : 1;
    let name = pick(rnd, NAMES);
    for (let tries = 0; used.has(name) && tries < 10; tries++) name = pick(rnd, NAMES);
    used.add(name);
    const comments = rating >= 3 ? pool[rating as 3 | 4 | 5] : pool.low;
    reviews.push({
      name,
      rating,
      description: pick(rnd, comments),
      isVerifiedCustomer: rnd() < 0.65,
      createdAt: new Date(listedAt.getTime() + 2 * HOUR + Math.floor(rnd() * span)),
    });
  }
  return reviews;
}
