// What other areas may use of the home: where a banner lands.
export { landingRoute } from './home-rules.ts';
