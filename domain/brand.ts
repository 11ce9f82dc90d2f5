/** The club's red, as the site's theme, the browser's theme colour and the installed app's use it. */
export const CLUB_RED = '#ed1c24';
