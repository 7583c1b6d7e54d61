import { axeWalk } from './support/axe-walk.ts';

// axe's colour rules on every signed-in route with the Blue and Purple headers (light and dark: accessibility.e2e.ts).
axeWalk(['blue', 'purple'], { documentRules: false });
