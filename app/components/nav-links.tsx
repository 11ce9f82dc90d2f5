/** The nav bar's destinations, shared by the wide bar and the phone drawer. */
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
      { to: `/${lang}/laureates`, label: t('nav.laureates') },
      { to: `/${lang}/stats`, label: t('nav.stats') },
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
