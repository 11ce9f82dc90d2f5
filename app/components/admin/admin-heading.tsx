/** The top of an admin page: its title (also the document title, never indexed), a line of context, actions. */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Seo } from '../seo.tsx';

export function AdminHeading({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} mb="lg">
      <Seo title={`${title} · ${t('admin:heading')}`} noindex />
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {actions && (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {intro && <Text c="dimmed">{intro}</Text>}
      {children}
    </Stack>
  );
}
