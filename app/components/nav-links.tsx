/** The nav bar's destinations, shared by the wide bar and the phone drawer. */
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { isStaff } from '../../domain/permissions.ts';
import { useRootData } from '../lib/root-data.ts';

export function useNavLinks() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const user = useRootData()?.user;
  return {
    pages: [
      { to: `/${lang}`, label: t('nav.club'), end: true },
      { to: `/${lang}/roads`, label: t('nav.roads') },
      { to: `/${lang}/rules`, label: t('nav.rules') },
      // The shop (an external site) comes here: see MainNavLinks.
      { to: `/${lang}/laureates`, label: t('nav.laureates') },
      { to: `/${lang}/stats`, label: t('nav.stats') },
      { to: `/${lang}/track-check`, label: t('nav.trackCheck') },
    ],
    register: user ? `/${lang}/order` : `/${lang}/login?redirectTo=${encodeURIComponent(`/${lang}/order`)}`,
    admin: user && isStaff(user.roles) ? `/${lang}/administration` : null,
  };
}

/** The club shop, an external site (SHOP_URL); nothing when none is configured. */
export function ShopLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { t } = useTranslation();
  const shopUrl = useRootData()?.settings.shopUrl;
  if (!shopUrl) return null;
  return (
    <a
      href={shopUrl}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      aria-label={t('nav.shopExternal')}
    >
      {t('nav.shop')} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: '-2px' }} />
    </a>
  );
}

/** The pages before the shop in the menu: Club, Roads, Rules, then the shop, then the laureates and the rest. */
const BEFORE_SHOP = 3;

/** The menu's links in their order, with the shop in its place; `onClick` closes the phone panel. */
export function MainNavLinks({
  className,
  onClick,
  viewTransition,
}: {
  className?: string;
  onClick?: () => void;
  viewTransition?: boolean;
}) {
  const { pages } = useNavLinks();
  const link = (page: (typeof pages)[number]) => (
    <NavLink
      key={page.to}
      to={page.to}
      end={page.end}
      className={className}
      onClick={onClick}
      viewTransition={viewTransition}
      prefetch="intent"
    >
      {page.label}
    </NavLink>
  );
  return (
    <>
      {pages.slice(0, BEFORE_SHOP).map(link)}
      <ShopLink className={className} onClick={onClick} />
      {pages.slice(BEFORE_SHOP).map(link)}
    </>
  );
}
