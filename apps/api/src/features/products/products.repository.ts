import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { institutes, productItemTypes, productPurchases, products } from '../../db/schema/index.ts';

/** A user's purchased products with their purchase, newest purchase first. */
export function findPurchasedProducts(db: Db, instituteId: number, userId: number) {
  return db
    .select({
      product: products,
      purchase: productPurchases,
      currencyCode: institutes.currencyCode,
      timeZone: institutes.timeZone,
    })
    .from(productPurchases)
    .innerJoin(
      products,
      and(eq(products.instituteId, productPurchases.instituteId), eq(products.id, productPurchases.productId)),
    )
    .innerJoin(institutes, eq(institutes.id, products.instituteId))
    .where(and(eq(productPurchases.instituteId, instituteId), eq(productPurchases.userId, userId)))
    .orderBy(desc(productPurchases.enrolledOn), desc(products.id));
}

/** The item types of a product the user bought; empty when the user did not buy it. */
export function findItemTypesOfPurchase(db: Db, instituteId: number, userId: number, productId: number) {
  return db
    .select({ itemType: productItemTypes.itemType, description: productItemTypes.description })
    .from(productItemTypes)
    .innerJoin(
      productPurchases,
      and(
        eq(productPurchases.instituteId, productItemTypes.instituteId),
        eq(productPurchases.productId, productItemTypes.productId),
        eq(productPurchases.userId, userId),
      ),
    )
    .where(and(eq(productItemTypes.instituteId, instituteId), eq(productItemTypes.productId, productId)))
    .orderBy(asc(productItemTypes.sortOrder));
}
