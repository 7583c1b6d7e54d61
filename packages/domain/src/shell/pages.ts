/**
 * The pages a visitor without a session opens (spec part 1 §2): sign-in, the token sign-in of a login link and
 * its error page. The web's router mounts them; the server serves them without preloading the app's code.
 */
export const publicPages = { signIn: '/', tokenLogin: '/userLogin', error: '/errorPage' } as const;

/**
 * The pages of a signed-in user (spec part 1 §2), byte for byte as the spec writes them (/Messages and /Profile
 * included; the router matches them ignoring case). The web's router mounts them, the menu and every link and
 * redirect read them from here. A `:name` part is filled by the page's path builder below.
 */
export const signedInPages = {
  dashboard: '/dashboard',
  announcement: '/announcement',
  timetable: '/timetable',
  studyLibrary: '/studymaterial',
  live: '/live',
  exam: '/exam',
  report: '/report',
  document: '/document',
  assignment: '/assignment',
  assignmentDetail: '/assignment/:fileId',
  product: '/product',
  productDetail: '/product/:id',
  eventCalender: '/eventCalender',
  fees: '/fees',
  messages: '/Messages',
  profile: '/Profile',
} as const;

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

/** One of the signed-in pages' paths (a pattern where it has a `:name` part). */
export type SignedInPage = (typeof signedInPages)[keyof typeof signedInPages];

/** The address of one assignment (`signedInPages.assignmentDetail`). */
export const assignmentDetailPath = (fileId: number) =>
  signedInPages.assignmentDetail.replace(':fileId', String(fileId));

/** The address of one purchased product (`signedInPages.productDetail`). */
export const productDetailPath = (id: number) => signedInPages.productDetail.replace(':id', String(id));

/** The product id a product page's address names (`/product/7` → `7`, any case), or undefined for another page. */
export const productIdOf = (path: string): string | undefined => /^\/product\/([^/]+)$/i.exec(path)?.[1];
