// Test rows of the products area (see ./institutes.ts for the conventions).
import { addDays } from '@campus/domain/calendar/calendar';
import type { Db } from '../../src/db/client.ts';
import { productItemTypes, productPurchases, products } from '../../src/db/schema/products.ts';
import { nextNumber, type TestInstitute } from './institutes.ts';

/** A product on sale (free unless `pricePaise`), with its item types in order. */
export async function createProduct(
  db: Db,
  institute: TestInstitute,
  {
    itemTypes = [],
    ...overrides
  }: Partial<Omit<typeof products.$inferInsert, 'instituteId'>> & { itemTypes?: string[] } = {},
) {
  const [row] = await db
    .insert(products)
    .values({ instituteId: institute.id, title: `Test Course ${nextNumber()}`, ...overrides })
    .returning({ id: products.id });
  const productId = row!.id;
  if (itemTypes.length > 0) {
    await db.insert(productItemTypes).values(
      itemTypes.map((itemType, sortOrder) => ({
        instituteId: institute.id,
        productId,
        itemType,
        description: `${itemType} of the course`,
        sortOrder,
      })),
    );
  }
  return productId;
}

/** A user's purchase of a product, enrolled `enrolledDaysAgo` days before the institute's today, for `days` days. */
export async function purchase(
  db: Db,
  institute: TestInstitute,
  userId: number,
  productId: number,
  { enrolledDaysAgo = 30, days = 365 }: { enrolledDaysAgo?: number; days?: number } = {},
) {
  const enrolledOn = addDays(institute.today, -enrolledDaysAgo);
  await db.insert(productPurchases).values({
    instituteId: institute.id,
    userId,
    productId,
    publicOrderId: `ORD-${nextNumber()}`,
    enrolledOn,
    expiresOn: addDays(enrolledOn, days),
  });
}
