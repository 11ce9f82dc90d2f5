/**
 * "My route card" on the phone (issue 43, decision 0049): the challenge's sequence with what is stamped, and one
 * large button per control where a stamp counts now. Stamps are kept on the phone first (IndexedDB) and sent when
 * there is a connection: when the page opens, when the connection returns, on "send now", and by the service
 * worker's Background Sync where the browser has it. What the page shows next counts the stamps not yet sent;
 * the server judges each again. The page keeps a copy of itself for the service worker to answer offline
 * (kept-card.ts). The buttons are drawn at once and answer when the scripts have run (a slow phone
 * sees them before it can use them); without scripts (no position, no outbox) the page says so.
 */
import '../../styles/mantine-all.ts';
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isControlId } from '../../../domain/route-card/controls.ts';
import { routeCardProgress } from '../../../domain/route-card/sequence.ts';
import { challengeById } from '../../../domain/ventoux.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { keepPage } from '../../components/route-card/kept-card.ts';
import { OutboxStatus } from '../../components/route-card/outbox-status.tsx';
import { StampButtons } from '../../components/route-card/stamp-buttons.tsx';
import { StampList, linesOf } from '../../components/route-card/stamp-list.tsx';
import { useOutbox } from '../../components/route-card/use-outbox.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { foundOr404, idOr404 } from '../../lib/page-params.ts';
import { requireUser } from '../../lib/require-user.ts';
import type { Route } from './+types/route-card';

export async function loader(args: Route.LoaderArgs) {
  const { user, services } = requireUser(args);
  // Another person's registration, or none, is not found.
  const candidateId = idOr404(args.params.candidateId);
  return { card: await foundOr404(services.stamps.routeCard(candidateId, user)) };
}

export default function RouteCardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { card } = loaderData;
  const hydrated = useHydrated();
  const outbox = useOutbox(card.candidate_id);
  // The copy the phone answers on the mountain without a signal, taken again each time the page opens online.
  useEffect(() => {
    if (import.meta.env.PROD) void keepPage(window.location.pathname);
  }, []);
  const lines = useMemo(() => linesOf(card.stamps, outbox.pending), [card.stamps, outbox.pending]);
  // What counts next: the stamps the server accepted and those still on the phone, as the server will judge them.
  const progress = useMemo(
    () =>
      routeCardProgress(
        card.epreuve,
        lines.flatMap((line) =>
          line.status !== 'refused' && isControlId(line.control)
            ? [{ control: line.control, at: new Date(line.at) }]
            : [],
        ),
      ),
    [card.epreuve, lines],
  );
  const total = challengeById(card.epreuve).ascents.length;
  return (
    <Container size="xs" px="md" py="lg">
      <PageIntro prefix="routecard:" noindex />
      <Stack gap="lg">
        <Text fz="xl" fw={700} data-testid="route-card-progress">
          {t('routecard:progress', {
            challenge: t(`order:challenges.${card.epreuve}`),
            done: progress.ascents.length,
            total,
          })}
        </Text>
        {!card.open ? (
          <Alert color="gray">
            <Text fz="lg">{t('routecard:closed')}</Text>
          </Alert>
        ) : progress.complete ? (
          <Alert color="green" data-testid="route-card-complete">
            <Text fz="lg">{t('routecard:complete')}</Text>
          </Alert>
        ) : (
          <>
            <StampButtons
              candidateId={card.candidate_id}
              expected={progress.expected}
              onKeep={outbox.keep}
              ready={hydrated}
            />
            <noscript>
              <Alert color="gray">
                <Text fz="lg">{t('routecard:needsScripts')}</Text>
              </Alert>
            </noscript>
          </>
        )}
        <OutboxStatus
          pendingCount={outbox.pending.length}
          state={outbox.state}
          onSend={() => void outbox.send()}
        />
        <Title order={2} size="h3">
          {t('routecard:stamps')}
        </Title>
        <StampList lines={lines} />
        <Text c="dimmed">{t('routecard:rule')}</Text>
      </Stack>
    </Container>
  );
}
