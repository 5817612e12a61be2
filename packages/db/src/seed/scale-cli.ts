import { parseArgs } from 'node:util';
import { openSeedDatabase } from './open.ts';
import { seedScale } from './scale.ts';

/** `npm run seed:scale -- --stores N --products M`: migrates, then fills the database with generated shops. */
const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: '100' },
    products: { type: 'string', default: '20' },
  },
});
const stores = Number(values.stores);
const products = Number(values.products);
if (!Number.isInteger(stores) || !Number.isInteger(products) || stores < 0 || products < 0) {
  console.error('usage: seed:scale --stores N --products M (whole numbers)');
  process.exit(2);
}

const { database, where } = await openSeedDatabase();
const started = performance.now();
try {
  console.log(`Seeding ${stores} shops x ${products} products into ${where}`);
  await database.migrate();
  await seedScale(database.owner, { stores, products });
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)}s`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
