import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useItemTypes } from '../api/get-item-types.ts';

/** 'Product Details': each item type of the product with its description and where to find it. */
export function ProductDetailsPanel({ productId, instituteId }: { productId: number; instituteId: number }) {
  const { data, error, isPending } = useItemTypes(productId, instituteId);
  return (
    <Paper component="section" aria-labelledby="product-details-heading" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="product-details-heading">
          Product Details
        </Title>
        {isPending && <Loader size="sm" role="status" aria-label="Loading product details" />}
        {error && <Text>{error.message}</Text>}
        {data && data.length === 0 && <Text>-</Text>}
        {data && data.length > 0 && (
          <Stack component="dl" gap="xs" m={0}>
            {data.map((item) => (
              <div key={item.item_type}>
                <Text component="dt" fw={700}>
                  {item.item_type}
                </Text>
                <Text component="dd" m={0}>
                  {item.description}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
