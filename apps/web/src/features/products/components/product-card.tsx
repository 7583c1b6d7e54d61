import { priceLabel } from '@campus/domain/products/products';
import { formatIsoDate, productImage } from '@campus/domain/products/product-display';
import type { Product } from '@campus/domain/products/products.contract';
import { productDetailPath } from '@campus/domain/products/products.page';
import { Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** One purchased product in the list; the whole card opens its detail page. */
export function ProductCard({ product }: { product: Product }) {
  const image = productImage(product);
  return (
    <Card component={Link} to={productDetailPath(product.id)} withBorder radius="md" padding="md">
      {image && (
        <Card.Section>
          <Image src={image} alt="" h={160} fit="cover" />
        </Card.Section>
      )}
      <Stack gap={4} mt={image ? 'sm' : 0}>
        <Text fw={700} lineClamp={2}>
          {product.title}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{priceLabel(product.price, product.currency_code)}</Text>
          <Text size="sm">{product.category || '-'}</Text>
        </Group>
        <Text size="sm">
          {product.expired === 0 ? 'Valid till' : 'Expired on'} {formatIsoDate(product.expire_on)}
        </Text>
      </Stack>
    </Card>
  );
}
