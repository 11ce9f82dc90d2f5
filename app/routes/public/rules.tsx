/**
 * The rules page: six sections behind a row of links that look like tabs. `?tab=` is read on the server, which
 * shows that section, so every section has its own address, works without scripts and is kept offline as such; a
 * `#section` hash (which never reaches the server) shows its section by CSS alone (`:target`). The page ships no
 * script (docs/decisions/0041-pages-without-scripts.md): following a link loads the section's page, which the
 * speculation rules have fetched ahead.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { requestContext } from '#request-context';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { RULES_PANELS } from '../../components/public/rules-panels.tsx';
import { DEFAULT_RULES_TAB, RULES_TABS, parseRulesTab } from '../../components/public/rules-tabs.ts';
import classes from '../../components/public/rules-sections.module.css';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import type { Route } from './+types/rules';

export const handle = WITHOUT_CLIENT;

/** Where to post the route card, for the homologation section. */
export async function loader({ context }: Route.LoaderArgs) {
  return { postalAddress: await context.get(requestContext).services.clubAddress.postalAddress() };
}

export default function RulesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const active = parseRulesTab(searchParams.get('tab')) ?? DEFAULT_RULES_TAB;

  return (
    <>
      <PublicIntro namespace="rules" />
      <div id="rules" className={classes.sections} data-testid="rules-tabs">
        <nav aria-label={t('rules:tabsLabel')} className={classes.tabs}>
          <ul className={classes.list}>
            {RULES_TABS.map((tab) => (
              <li key={tab}>
                <Link
                  to={{ search: `?tab=${tab}` }}
                  preventScrollReset
                  className={classes.tab}
                  aria-current={tab === active ? 'page' : undefined}
                >
                  {t(`rules:tabs.${tab}.tab`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {RULES_TABS.map((tab) => {
          const Panel = RULES_PANELS[tab];
          return (
            <section key={tab} id={tab} className={classes.panel} data-active={tab === active || undefined}>
              <Panel postalAddress={loaderData.postalAddress} />
            </section>
          );
        })}
      </div>
    </>
  );
}
