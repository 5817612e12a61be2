import { seedDemo } from './demo.ts';
import { DEMO_SHOPS } from './demo-data.ts';
import { openSeedDatabase } from './open.ts';

/** `npm run seed`: migrates the database and adds the demo shops (safe to run again). */
const { database, where } = await openSeedDatabase();
try {
  console.log(`Seeding demo data into ${where}`);
  await database.migrate();
  const result = await seedDemo(database.owner);
  console.log(
    `Demo shops: ${result.createdStores} created, ${result.existingStores} already present; ` +
      `${result.refreshedDeals} deal windows moved forward.`,
  );
  for (const shop of DEMO_SHOPS) {
    console.log(
      `  ${shop.slug.padEnd(24)} ${shop.category.padEnd(11)} ${shop.location.city.padEnd(11)} ${shop.status}`,
    );
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
}
