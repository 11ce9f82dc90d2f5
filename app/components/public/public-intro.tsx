/**
 * A public page's heading and introduction from its namespace, with its SEO tags. Like the shared PageIntro,
 * but the introduction is grey 7, not Mantine's "dimmed" grey 6, which is below 4.5:1 on white.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Seo } from '../seo.tsx';

export function PublicIntro({
  namespace,
  noindex,
  children,
}: {
  namespace: string;
  noindex?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mb="xl">
      <Seo
        title={t(`${namespace}:meta.title`)}
        description={t(`${namespace}:meta.description`)}
        noindex={noindex}
      />
      <Title order={1}>{t(`${namespace}:heading`)}</Title>
      <Text size="lg" c="gray.7" maw={820}>
        {t(`${namespace}:intro`)}
      </Text>
      {children}
    </Stack>
  );
}
