/**
 * A diploma's check page, the address its QR code holds: anyone (a sponsor, a journalist, another club) sees
 * whether it is valid or revoked and what it certifies, and can download the club's signed statement of it to
 * check it without the site. An unknown code is the not-found page.
 */
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, data } from 'react-router';
import { requestContext } from '#request-context';
import { diplomaStatementPath } from '../../../domain/diploma.ts';
import { Seo } from '../../components/seo.tsx';
import { useFormat } from '../../lib/format.ts';
import type { Route } from './+types/diploma';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';

/** Complete HTML that works without scripts (docs/decisions/0041-pages-without-scripts.md). */
export const handle = WITHOUT_CLIENT;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  // The statement is signed when it is downloaded, from its own address.
  const diploma = await services.diplomas.find(params.code);
  if (!diploma) throw data(null, { status: 404 });
  return { diploma };
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={700} size="lg" m={0} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export default function DiplomaPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('diploma');
  const format = useFormat();
  const { diploma } = loaderData;
  const valid = diploma.status === 'valid';
  return (
    <Stack gap="xl" maw={760}>
      <Seo title={t('page.metaTitle')} description={t('page.metaDescription')} noindex />
      <Title order={1}>{t('page.title')}</Title>
      <Alert
        color={valid ? 'green' : 'red'}
        variant="light"
        // Even the darkest green is too pale on the light variant's background (WCAG AA): the icon carries it.
        styles={{ label: { color: 'var(--mantine-color-text)' } }}
        icon={valid ? <IconCircleCheck aria-hidden /> : <IconAlertTriangle aria-hidden />}
        title={valid ? t('page.valid') : t('page.revoked')}
        data-testid="diploma-status"
        data-status={diploma.status}
      >
        {valid ? t('page.validText') : t('page.revokedText', { date: format.timestamp(diploma.revoked_at!) })}
      </Alert>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" m={0}>
        <Fact label={t('page.facts.name')} value={diploma.name} testId="diploma-name" />
        <Fact
          label={t('page.facts.challenge')}
          value={t(`documents:challenges.${diploma.epreuve}`)}
          testId="diploma-challenge"
        />
        <Fact
          label={t('page.facts.date')}
          value={diploma.date_passage ? format.date(diploma.date_passage) : t('page.unknownDate')}
          testId="diploma-date"
        />
        <Fact label={t('page.facts.numero')} value={String(diploma.numero)} testId="diploma-number" />
        <Fact
          label={t('page.facts.homologated')}
          value={format.timestamp(diploma.homologated_at)}
          testId="diploma-homologated"
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('page.statementTitle')}
        </Title>
        <Text>{t('page.statementText')}</Text>
        <Group gap="md">
          <Button
            component="a"
            href={diplomaStatementPath(diploma.code)}
            download
            leftSection={<IconDownload size={18} aria-hidden />}
            variant="default"
          >
            {t('page.download')}
          </Button>
          <Anchor href="/.well-known/jwks.json" c="club.8" fw={600}>
            <Group gap={4} component="span">
              <IconKey size={16} aria-hidden />
              {t('page.keys')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
      <Anchor component={Link} to={`/${i18n.language}/laureates`} c="club.8" fw={600}>
        {t('page.laureates')}
      </Anchor>
    </Stack>
  );
}
