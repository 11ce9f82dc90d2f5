/**
 * The error page: a title, a subtitle and the way back home. 404 says the page could not be found, 403 that access
 * is denied; anything else is the generic error. Shown offline after a navigation inside the page, it hands the
 * address to the service worker instead (lib/offline-navigation.ts).
 */
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { reloadIfOfflineNavigation } from '../lib/offline-navigation.ts';
import { localeOr } from '../../domain/locales.ts';
import { Seo } from './seo.tsx';

export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const params = useParams();
  const lang = localeOr(params.lang);
  useEffect(() => {
    reloadIfOfflineNavigation();
  }, []);
  const [title, subtitle] =
    status === 404
      ? [t('errors.notFoundTitle'), t('errors.notFound')]
      : status === 403
        ? [t('errors.deniedTitle'), t('errors.denied')]
        : [t('errors.title'), t('errors.subtitle')];
  return (
    <Container size="sm" py={80}>
      <Seo title={title} noindex />
      <Stack align="center" ta="center" gap="md">
        <Text c="dimmed" fw={700} size="lg">
          {t('errors.status', { status })}
        </Text>
        <Title order={1}>{title}</Title>
        <Text size="lg" data-testid="error-subtitle">
          {subtitle}
        </Text>
        {/* A document navigation: after an error the client state may be broken, a fresh page is safest. */}
        <Button component="a" href={`/${lang}`} size="md">
          {t('errors.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
