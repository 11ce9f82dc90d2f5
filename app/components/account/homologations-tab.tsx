/**
 * Account page, homologations: the user's certified rides (read by the account page's loader, as GET
 * /api/me/homologations answers them: only once the address is confirmed), each with its number, challenge, day
 * and who certified it; an empty state leading to the rules until there is one. The list's labels are shared
 * with the admin area's (`homologation` namespace, loaded with both), so the list is in the page as sent, before
 * and without its scripts.
 */
import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileCertificate, IconMedal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { PresidentBadge } from '../admin/labels.tsx';
import type { MyHomologation } from '../admin/types.ts';
import { FormAlert } from '../forms/form-alert.tsx';

function HomologationCard({ homologation }: { homologation: MyHomologation }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="lg" component="li" data-testid="my-homologation">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fz={22} fw={800} data-testid="my-homologation-number">
            {t(`homologation:numberOf.${homologation.epreuve}`, { numero: homologation.numero })}
          </Text>
          <IconMedal size={28} color="var(--mantine-color-yellow-7)" aria-hidden />
        </Group>
        {homologation.date_passage && (
          <Text size="sm">{t('homologation:ridden', { date: format.date(homologation.date_passage) })}</Text>
        )}
        <Text size="sm" c="gray.7">
          {t('homologation:homologated', { date: format.dateTime(homologation.homologatedAt) })}
        </Text>
        {homologation.certifiedBy?.name.trim() && (
          <Group gap={6}>
            <Text size="sm">{t('homologation:certifiedBy', { name: homologation.certifiedBy.name })}</Text>
            {homologation.certifiedBy.president && <PresidentBadge />}
          </Group>
        )}
        {homologation.candidateReference && (
          <Badge variant="outline" color="gray" ff="monospace" tt="none">
            {t('homologation:reference', { reference: homologation.candidateReference })}
          </Badge>
        )}
        <Group gap="sm" mt="xs">
          <Button
            component="a"
            href={`${homologation.diploma_url}?lang=${i18n.language}`}
            download
            size="sm"
            leftSection={<IconFileCertificate size={16} aria-hidden />}
            data-testid="diploma-pdf"
          >
            {t('account:homologations.diplomaPdf')}
          </Button>
          <Button
            component="a"
            href={homologation.check_url}
            size="sm"
            variant="default"
            data-testid="diploma-check"
          >
            {t('account:homologations.diplomaCheck')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `homologations` is null when the address is not confirmed yet: the list is kept for its proven owner. */
export function HomologationsTab({ homologations }: { homologations: MyHomologation[] | null }) {
  const { t, i18n } = useTranslation();

  if (homologations === null) return <FormAlert kind="error">{t('validation:email_not_verified')}</FormAlert>;
  if (homologations.length > 0) {
    return (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('account:tabs.homologations')}
        data-testid="my-homologations"
      >
        {homologations.map((homologation) => (
          <HomologationCard key={homologation.id} homologation={homologation} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <EmptyState withIndicatorBackground py="xl" data-testid="homologations-empty">
      <EmptyState.Indicator>
        <IconMedal aria-hidden />
      </EmptyState.Indicator>
      <EmptyState.Title order={2}>{t('account:homologations.emptyTitle')}</EmptyState.Title>
      <EmptyState.Description>{t('account:homologations.emptyText')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={`/${i18n.language}/rules`} variant="default">
          {t('account:homologations.action')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
