/**
 * Every Mantine style, for the pages behind a sign-in (account, order, administration) and the sign-in pages:
 * they use far more components than the public pages, and their visitors have loaded the site before. Imported by
 * each of those route modules, so the public pages never load it (see mantine-public.ts).
 */
import '@mantine/core/styles.layer.css';
