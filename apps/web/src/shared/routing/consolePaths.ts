/** Where the console opens (spec §2): after sign-in, a company switch, a group without pages. */
export const HOME_PATH = '/home';
