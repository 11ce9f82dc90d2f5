/**
 * What the scan page says after each card: the card just taken in (reference, name, challenge, what changed) with
 * "Judge now" — gone as soon as the next scan fails, so that it never seems to answer it — and the cards taken in
 * earlier on this page, newest first, so a pile can be checked at a glance.
 */
import { Alert, Anchor, Box, Button, Group, List, Text } from '@mantine/core';
import { IconCertificate, IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScannedCard } from './types.ts';

export const judgeUrl = (lang: string, card: ScannedCard) =>
  `/${lang}/administration/candidates/${card.candidateId}?from=scan`;

function CardLine({ card }: { card: ScannedCard }) {
  const { t } = useTranslation();
  return (
    <>
      <Text span ff="monospace">
        {card.reference}
      </Text>{' '}
      · {card.prenom} {card.nom} · {t(`admin:challenges.${card.epreuve}`)}
    </>
  );
}

function changeText(t: TFunction, card: ScannedCard): string {
  if (card.previous === 'card_received') return t('admin:scan.alreadyReceived');
  if (card.previous === 'rejected') return t('admin:scan.reopened');
  return t('admin:scan.changed', {
    from: t(`admin:statuses.${card.previous}`),
    to: t('admin:statuses.card_received'),
  });
}

/** The card the last scan took in, with "Judge now". */
export function TakenCard({ card }: { card: ScannedCard }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      title={t('admin:scan.taken')}
      data-testid="scan-taken"
    >
      <Text fw={700} data-testid="scan-taken-card">
        <CardLine card={card} />
      </Text>
      <Text size="sm" data-testid="scan-taken-change">
        {changeText(t, card)}
      </Text>
      <Group mt="sm">
        <Button
          component={Link}
          to={judgeUrl(i18n.language, card)}
          size="sm"
          leftSection={<IconCertificate size={16} aria-hidden />}
        >
          {t('admin:scan.judgeNow')}
        </Button>
      </Group>
    </Alert>
  );
}

/** The cards taken in before, newest first, each a link to judge it. */
export function EarlierCards({ cards }: { cards: readonly ScannedCard[] }) {
  const { t, i18n } = useTranslation();
  if (cards.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="scan-earlier-title">
      <Text size="sm" fw={700} id="scan-earlier-title">
        {t('admin:scan.earlier')}
      </Text>
      <List size="sm" data-testid="scan-earlier">
        {cards.map((card) => (
          <List.Item key={card.candidateId}>
            <Anchor component={Link} to={judgeUrl(i18n.language, card)}>
              <CardLine card={card} />
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Box>
  );
}
