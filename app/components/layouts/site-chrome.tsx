/** The public site's frame: skip link, nav bar, the club's notice, banners, the page, footer and cookie notice. */
import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClubNoticeOfToday } from '../club-notice.tsx';
import { Banners, CookieNotice } from '../notices.tsx';
import { SiteFooter } from '../site-footer.tsx';
import { SiteHeader } from '../site-header.tsx';

export function SiteChrome({ children, fullWidth = false }: { children: ReactNode; fullWidth?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <SiteHeader />
      <ClubNoticeOfToday />
      <Banners />
      <Box component="main" id="main" tabIndex={-1} className="page-transition" style={{ flex: 1 }}>
        {fullWidth ? (
          children
        ) : (
          <Container size="lg" py="xl">
            {children}
          </Container>
        )}
      </Box>
      <SiteFooter />
      <CookieNotice />
    </Box>
  );
}
