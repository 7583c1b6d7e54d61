import { PlaceholderScreen } from './placeholder-screen.tsx';

/** Route module of My Products; the screen itself is built in its feature folder. */
export function ProductDetailScreen() {
  return <PlaceholderScreen title="My Products" />;
}
