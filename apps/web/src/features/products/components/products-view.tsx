import { productTabs, readProductTab, type ProductTab } from '@campus/domain/products/product-display';
import { splitProducts } from '@campus/domain/products/products';
import { Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast } from '../../../components/toast.ts';
import { storageKeys, type StoredSession } from '../../../lib/session.ts';
import { useMyProducts } from '../api/get-my-products.ts';
import { ProductCard } from './product-card.tsx';

/** Empty state of the products (spec part 1 §8), verbatim. */
export const noProductsText = 'No Products Available';

const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

/**
 * My Products (spec part 1 §2): Active and Expired tabs with counts, the chosen tab remembered across
 * navigation, a link to the institute's store when it has one, and a card per product.
 */
export function ProductsView({ session }: { session: StoredSession }) {
  const { data, error, isPending, refetch } = useMyProducts(session);
  const [tab, setTab] = useState<ProductTab>(() => readProductTab(localStorage.getItem(storageKeys.productTab)));

  useEffect(() => {
    // A failed refresh over a list already shown keeps the list and says why in a toast.
    if (error && data) showFailureToast(error);
  }, [error, data]);

  const chooseTab = (value: string | null) => {
    const next = readProductTab(value);
    setTab(next);
    localStorage.setItem(storageKeys.productTab, next);
  };

  const { active, expired } = splitProducts(data ?? []);
  const list = (products: typeof active) =>
    products.length === 0 ? (
      <Text ta="center" py="lg">
        {noProductsText}
      </Text>
    ) : (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Products
      </Title>
      {isWebAddress(session.prodUrl) && (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" gap="sm">
            <Text fw={600}>To buy More Products</Text>
            <Button component="a" href={session.prodUrl} target="_blank" rel="noopener noreferrer">
              Click Here
            </Button>
          </Group>
        </Paper>
      )}
      {/* No purchases known yet: no counts either, which would read as "you own nothing". */}
      {isPending ? (
        <PageLoader label="Loading products" />
      ) : !data ? (
        <LoadFailure error={error} onRetry={() => void refetch()} />
      ) : (
        <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value={productTabs.active}>Active ({active.length})</Tabs.Tab>
            <Tabs.Tab value={productTabs.expired}>Expired ({expired.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value={productTabs.active} pt="md">
            {list(active)}
          </Tabs.Panel>
          <Tabs.Panel value={productTabs.expired} pt="md">
            {list(expired)}
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
