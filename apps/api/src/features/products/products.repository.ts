import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { p, prepared } from '../../db/prepared.ts';
import { productItemTypes, productPurchases, products } from '../../db/schema/products.ts';

const purchasedQuery = prepared((db) =>
  db
    .select({ product: products, purchase: productPurchases })
    .from(productPurchases)
    .innerJoin(
      products,
      and(eq(products.instituteId, productPurchases.instituteId), eq(products.id, productPurchases.productId)),
    )
    .where(and(eq(productPurchases.instituteId, p('instituteId')), eq(productPurchases.userId, p('userId'))))
    .orderBy(desc(productPurchases.enrolledOn), desc(products.id))
    .prepare('products_purchased'),
);

/** A user's purchased products with their purchase, newest purchase first. */
export const findPurchasedProducts = (db: Db, instituteId: number, userId: number) =>
  purchasedQuery(db, { instituteId, userId });

const itemTypesQuery = prepared((db) =>
  db
    .select({ itemType: productItemTypes.itemType, description: productItemTypes.description })
    .from(productItemTypes)
    .where(and(eq(productItemTypes.instituteId, p('instituteId')), eq(productItemTypes.productId, p('productId'))))
    .orderBy(asc(productItemTypes.sortOrder))
    .prepare('products_item_types'),
);

/** The item types of a product (the product policy decides who may ask). */
export const findItemTypesOfPurchase = (db: Db, instituteId: number, productId: number) =>
  itemTypesQuery(db, { instituteId, productId });

// The `product` id policy: only a buyer reaches a product's contents.
const purchaseQuery = prepared((db) =>
  db
    .select({ productId: productPurchases.productId })
    .from(productPurchases)
    .where(
      and(
        eq(productPurchases.instituteId, p('instituteId')),
        eq(productPurchases.userId, p('userId')),
        eq(productPurchases.productId, p('productId')),
      ),
    )
    .limit(1)
    .prepare('access_purchase'),
);

/** True when the user bought the product. */
export async function hasBoughtProduct(db: Db, instituteId: number, userId: number, productId: number) {
  return (await purchaseQuery(db, { instituteId, userId, productId })).length > 0;
}
