import { axeWalk } from './support/axe-walk.ts';

// axe (WCAG 2.1 A/AA) on every signed-in route, light (every rule) and dark (the colour rules); the tinted headers
// are accessibility-tinted.e2e.ts.
axeWalk(['light', 'dark'], { documentRules: true });
