/** A page's heading and introduction from its namespace, with its SEO tags. */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Seo } from './seo.tsx';

export function PageIntro({
  prefix,
  noindex,
  children,
}: {
  prefix: string;
  noindex?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mb="xl">
      <Seo title={t(`${prefix}meta.title`)} description={t(`${prefix}meta.description`)} noindex={noindex} />
      <Title order={1}>{t(`${prefix}heading`)}</Title>
      <Text size="lg" c="dimmed">
        {t(`${prefix}intro`)}
      </Text>
      {children}
    </Stack>
  );
}
