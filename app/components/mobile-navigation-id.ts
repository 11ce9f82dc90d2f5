/** The id of the phone navigation drawer, known to the burger before the drawer's code is loaded. */
export const MOBILE_NAVIGATION_ID = 'mobile-navigation';
