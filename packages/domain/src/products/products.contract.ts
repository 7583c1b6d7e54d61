import { z } from 'zod';
import { bindContract } from '../shared/endpoint.ts';
import { productsEndpoints } from './products.endpoints.ts';

/** A purchased product (spec part 1 §3 Product). */
export const productSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  about: z.string(),
  photo_url: z.string(),
  logo_url: z.string(),
  /** Paise; 0 means Free. */
  price: z.number().int(),
  currency_code: z.string(),
  category: z.string(),
  product_ecourse_maps: z.array(z.object({ course_type: z.string() })),
  public_order_id: z.string(),
  is_enrolled: z.number().int(),
  enrolled_date: z.string(),
  expire_on: z.string(),
  /** 0 active, otherwise expired. */
  expired: z.number().int(),
  /** JSON array of sample video addresses, as the spec has it. */
  youtube_url: z.string(),
  video_url: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const myProductsAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.array(productSchema),
});

export const itemTypeDescriptionAnswerSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  result: z.array(z.object({ item_type: z.string(), description: z.string() })),
});

/** Headers the product service reads (spec part 1 §7); the server checks they are the session's own. */
export const productHeadersSchema = z.object({
  'x-prod-user-id': z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive(),
  'x-prod-inst-id': z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive(),
});

/** Request and answer schemas of each product endpoint. */
export const productsSchemas = {
  myProducts: { headers: productHeadersSchema, answer: myProductsAnswerSchema },
  itemTypes: {
    params: z.object({ id: z.coerce.number<number | string>({ error: 'must be a whole number' }).int().positive() }),
    headers: productHeadersSchema.pick({ 'x-prod-inst-id': true }),
    answer: itemTypeDescriptionAnswerSchema,
  },
};

/** The product endpoints with their schemas, as the API registers them. */
export const productsContract = bindContract(productsEndpoints, productsSchemas);
