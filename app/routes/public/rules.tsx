/**
 * The rules page: six tabs. `?tab=` is read on the server, so a shared link opens on its section before any
 * script runs; a `#section` hash (which never reaches the server) is applied once the page is live. Changing
 * tab writes `?tab=` into the address, so the address always names what is on screen.
 */
import { Tabs } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { RULES_PANELS } from '../../components/public/rules-panels.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { DEFAULT_RULES_TAB, RULES_TABS, parseRulesTab } from '../../components/public/rules-tabs.ts';

export default function RulesPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const live = useHydrated();
  const queryTab = parseRulesTab(searchParams.get('tab'));
  const active = queryTab ?? DEFAULT_RULES_TAB;

  const showTab = (value: string | null) => {
    const tab = parseRulesTab(value);
    if (!tab) return;
    void navigate({ search: `?tab=${tab}` }, { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    const hashTab = parseRulesTab(hash);
    if (hashTab && hashTab !== queryTab)
      void navigate({ search: `?tab=${hashTab}`, hash }, { replace: true, preventScrollReset: true });
  }, [hash, queryTab, navigate]);

  return (
    <>
      <PublicIntro namespace="rules" />
      <Tabs
        id="rules"
        value={active}
        onChange={showTab}
        keepMountedMode="display-none"
        variant="outline"
        color="club.8"
        data-testid="rules-tabs"
        data-live={live}
      >
        <Tabs.List aria-label={t('rules:tabsLabel')} mb="lg">
          {RULES_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} fw={600}>
              {t(`rules:tabs.${tab}.tab`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {RULES_TABS.map((tab) => {
          const Panel = RULES_PANELS[tab];
          return (
            <Tabs.Panel key={tab} value={tab}>
              <Panel />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </>
  );
}
