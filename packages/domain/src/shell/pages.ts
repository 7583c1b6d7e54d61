/**
 * The pages a visitor without a session opens (spec part 1 §2): sign-in, the token sign-in of a login link and
 * its error page. The web's router mounts them; the server serves them without preloading the app's code.
 */
export const publicPages = { signIn: '/', tokenLogin: '/userLogin', error: '/errorPage' } as const;
