/**
 * Account page, "Download my data": a plain GET form to `GET /api/me/export`, so the browser downloads the ZIP
 * itself, with or without the page's scripts (decision 0043). The privacy page links here.
 */
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DATA_COPY_ANCHOR } from '../../lib/account-sections.ts';
import { AccountSection } from './account-section.tsx';

export function DataCopy() {
  const { t } = useTranslation();
  return (
    <AccountSection
      heading={t('account:data.heading')}
      intro={t('account:data.intro')}
      id={DATA_COPY_ANCHOR}
      testId="data-copy"
    >
      <form method="get" action="/api/me/export">
        <Button type="submit" variant="outline" leftSection={<IconDownload size={16} aria-hidden />}>
          {t('account:data.submit')}
        </Button>
      </form>
    </AccountSection>
  );
}
