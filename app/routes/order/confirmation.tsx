/**
 * Back from the payment provider: 'verification in progress' while the order's status is asked from the browser,
 * then 'confirmed' with the order reference, or 'failure' with the club's contact address. A confirmed order of a
 * minor says that the guardian's answer comes first, and to which address the request went (decision 0035).
 */
import '../../styles/mantine-all.ts';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClock, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { orderReference } from '../../../domain/references.ts';
import { orderIdParam, useOrderConfirmation } from '../../components/order/order-status-polling.ts';
import { Seo } from '../../components/seo.tsx';
import forms from '../../components/forms/forms.module.css';
import { useRootData } from '../../lib/root-data.ts';
import { Notice } from '../../components/order/notice.tsx';
import { isNotFound } from '../../lib/service-errors.ts';
import { requireUser } from '../../lib/require-user.ts';
import type { Route } from './+types/confirmation';

/** The minors of the order whose kit waits for their guardian: the page names them once the payment is confirmed. */
export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  const orderId = orderIdParam(new URL(args.request.url).searchParams.get('order'));
  if (orderId === null) return { guardians: [] };
  try {
    const order = await services.orders.get(user.id, orderId);
    return {
      guardians: order.candidats.flatMap(({ statut, guardian, prenom, nom, reference }) =>
        guardian && (statut === 'pending_payment' || statut === 'awaiting_consent')
          ? [
              {
                reference,
                candidate: `${prenom} ${nom}`,
                guardian: `${guardian.prenom} ${guardian.nom}`,
                email: guardian.email,
              },
            ]
          : [],
      ),
    };
  } catch (error) {
    // Another person's order, or none: the polling says so.
    if (isNotFound(error)) return { guardians: [] };
    throw error;
  }
}

/** The guardians asked before a minor's kit goes out, each named with the address the buyer typed. */
function GuardiansFirst({ guardians }: { guardians: Route.ComponentProps['loaderData']['guardians'] }) {
  const { t } = useTranslation('order');
  if (guardians.length === 0) return null;
  return (
    <Notice
      color="orange"
      icon={<IconUserShield aria-hidden />}
      title={t('confirmation.guardianTitle')}
      data-testid="confirmation-guardians"
    >
      <Stack gap={6} style={{ overflowWrap: 'anywhere' }}>
        {guardians.map((minor) => (
          <Text size="sm" key={minor.reference}>
            {t('confirmation.guardianText', minor)}
          </Text>
        ))}
      </Stack>
    </Notice>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const [searchParams] = useSearchParams();
  const orderId = orderIdParam(searchParams.get('order'));
  const { state, retry } = useOrderConfirmation(orderId);
  const contactEmail = useRootData()?.settings.contactEmail ?? '';
  const reference = orderId === null ? null : orderReference(orderId);
  const ordersLink = (
    <Button component={Link} to={`/${lang}/account?tab=orders`} variant="light">
      {t('confirmation.ordersLink')}
    </Button>
  );

  return (
    <Stack maw={720} mx="auto" className={forms.readable} gap="lg">
      <Seo title={t('confirmation.meta.title')} description={t('confirmation.meta.description')} noindex />
      <Title order={1}>{t('confirmation.heading')}</Title>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="confirmation" data-state={state}>
        <div role="status" aria-live="polite">
          {state === 'checking' && (
            <Group gap="md" wrap="nowrap" align="flex-start">
              <Loader size="md" aria-hidden />
              <div>
                <Text fw={700} size="lg">
                  {t('confirmation.checking')}
                </Text>
                <Text c="dimmed">{t('confirmation.checkingText')}</Text>
              </div>
            </Group>
          )}
          {state === 'paid' && (
            <Stack gap="md">
              <Notice
                color="green"
                icon={<IconCircleCheck aria-hidden />}
                title={t('confirmation.confirmed')}
              >
                {t('confirmation.confirmedText', { reference })}
              </Notice>
              <GuardiansFirst guardians={loaderData.guardians} />
              <Group>{ordersLink}</Group>
            </Stack>
          )}
          {state === 'timeout' && (
            <Stack gap="md">
              <Notice color="yellow" icon={<IconClock aria-hidden />} title={t('confirmation.stillWaiting')}>
                {t('confirmation.stillWaitingText')}
              </Notice>
              <Group gap="sm">
                <Button onClick={retry}>{t('confirmation.checkAgain')}</Button>
                {ordersLink}
              </Group>
            </Stack>
          )}
          {(state === 'failed' || state === 'cancelled' || state === 'unknown') && (
            <Notice color="red" icon={<IconAlertCircle aria-hidden />} title={t('confirmation.failure')}>
              <Stack gap="xs">
                <Text size="sm">
                  {reference && state !== 'unknown'
                    ? t('confirmation.failureText', { reference })
                    : t('confirmation.failureTextNoReference')}
                </Text>
                {contactEmail && (
                  <Text size="sm">
                    {t('confirmation.contact')}{' '}
                    <Anchor
                      href={`mailto:${contactEmail}${reference ? `?subject=${encodeURIComponent(reference)}` : ''}`}
                    >
                      {contactEmail}
                    </Anchor>
                  </Text>
                )}
              </Stack>
            </Notice>
          )}
        </div>
      </Paper>
    </Stack>
  );
}
