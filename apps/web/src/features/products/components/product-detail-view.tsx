import { priceLabel } from '@campus/domain/products/products';
import { formatIsoDate, productImage, sampleVideos } from '@campus/domain/products/product-display';
import { productsPages } from '@campus/domain/products/products.page';
import { Button, Grid, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { useMyProducts } from '../api/get-my-products.ts';
import { ProductDetailsPanel } from './product-details-panel.tsx';
import { noProductsText } from './products-view.tsx';
import { SampleVideos } from './sample-videos.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </div>
  );
}

const goBack = (
  <Button component={Link} to={productsPages.product} variant="default" w="fit-content">
    Go Back
  </Button>
);

/**
 * A purchased product (spec part 1 §2): picture, price or Free, title, description, category, order id,
 * purchase and expiry dates, sample videos and the Product Details panel. It reads the product from the same
 * list answer as My Products, and asks for its details at the same time.
 */
export function ProductDetailView({ session, productId }: { session: StoredSession; productId: number }) {
  const { data, error, isPending, refetch } = useMyProducts(session);
  const product = data?.find((candidate) => candidate.id === productId);

  if (isPending) return <PageLoader label="Loading product" />;
  if (!data) {
    return (
      <Stack gap="md">
        {goBack}
        <Title order={1} size="h2">
          My Products
        </Title>
        <LoadFailure error={error} onRetry={() => void refetch()} />
      </Stack>
    );
  }
  if (!product) {
    return (
      <Stack gap="md">
        {goBack}
        <Title order={1} size="h2">
          My Products
        </Title>
        <Text>{noProductsText}</Text>
      </Stack>
    );
  }

  const image = productImage(product);
  return (
    <Stack gap="lg">
      {goBack}
      <Paper withBorder p="md" radius="md">
        <Grid gap="lg">
          {image && (
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Image src={image} alt={product.title} radius="md" />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, sm: image ? 7 : 12 }}>
            <Stack gap="sm">
              <Title order={1} size="h2">
                {product.title}
              </Title>
              <Text fw={700} size="xl">
                {priceLabel(product.price, product.currency_code)}
              </Text>
              {/* The server strips the tags; it is shown as text all the same. */}
              <Text style={{ whiteSpace: 'pre-line' }}>{product.about}</Text>
              <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
                <Fact label="Category" value={product.category || '-'} />
                <Fact label="Order ID" value={product.public_order_id || '-'} />
                <Fact label="Purchased On" value={formatIsoDate(product.enrolled_date)} />
                <Fact label="Expires On" value={formatIsoDate(product.expire_on)} />
              </SimpleGrid>
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>
      <SampleVideos videos={sampleVideos(product)} />
      <ProductDetailsPanel productId={product.id} instituteId={session.institute_id} />
    </Stack>
  );
}
