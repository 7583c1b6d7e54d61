// The pages outside the menu's areas. Each area's signed-in pages and menu item are its own, in
// `<area>/<area>.page.ts` (issue 29).

/**
 * The pages a visitor without a session opens (spec part 1 §2): sign-in, the token sign-in of a login link and
 * its error page. The web's router mounts them; the server serves them without preloading the app's code.
 */
export const publicPages = { signIn: '/', tokenLogin: '/userLogin', error: '/errorPage' } as const;

/**
 * The test panel (exam area): opened by the exam desk in a new window with a single-use launch token in the
 * address's fragment; it runs on its attempt credential, not on the session, so it sits outside the shell.
 */
export const testPanelPage = '/test-panel' as const;

/** The test panel's view mode (the desk's View): the paper read-only, opened the same way with its own grant. */
export const testPaperPage = '/test-panel/view' as const;

/**
 * The media page (spec part 2 §2.1): on a phone a YouTube play opens it in a new window with the video id in
 * base64 (`?id=`); it plays the video full width, outside the shell.
 */
export const mediaPage = '/media' as const;

/** The media page's address for a base64 video id (`encodeYoutubeId`). */
export const mediaPagePath = (encodedId: string) => `${mediaPage}?id=${encodeURIComponent(encodedId)}`;

/** The product id a product page's address names (`/product/7` → `7`, any case), or undefined for another page. */
export const productIdOf = (path: string): string | undefined => /^\/product\/([^/]+)$/i.exec(path)?.[1];
