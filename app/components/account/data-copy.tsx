/**
 * Account page, "Download my data": a plain GET form to `GET /api/me/export`, so the browser downloads the ZIP
 * itself, with or without the page's scripts (decision 0043). The privacy page links here.
 */
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_COPY_ANCHOR } from '../../lib/account-sections.ts';

export function DataCopy() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack
      gap="sm"
      mt="xl"
      maw={640}
      component="section"
      id={DATA_COPY_ANCHOR}
      aria-labelledby={headingId}
      data-testid="data-copy"
    >
      <Title order={2} size="h4" id={headingId}>
        {t('account:data.heading')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('account:data.intro')}
      </Text>
      <form method="get" action="/api/me/export">
        <Button type="submit" variant="outline" leftSection={<IconDownload size={16} aria-hidden />}>
          {t('account:data.submit')}
        </Button>
      </form>
    </Stack>
  );
}
