// What other areas may use of the home: where a banner lands, and its pages (a notice's alert opens one).
export { landingRoute } from './home-rules.ts';
export { homePages } from './home.page.ts';
