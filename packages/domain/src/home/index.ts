// What other areas may use of the home: the screens a sign-in may land on.
export { landingScreens } from './home-rules.ts';
