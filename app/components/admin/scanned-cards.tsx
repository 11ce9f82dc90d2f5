/**
 * What the scan page says after each card: the card just taken in (reference, name, challenge, what changed) with
 * "Judge now", then the cards taken in earlier on this page, newest first, so a pile can be checked at a glance.
 */
import { Alert, Anchor, Button, Group, List, Text } from '@mantine/core';
import { IconCertificate, IconCircleCheck } from '@tabler/icons-react';
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

export function ScannedCards({ cards }: { cards: readonly ScannedCard[] }) {
  const { t, i18n } = useTranslation();
  const [last, ...earlier] = cards;
  if (!last) return null;
  const change =
    last.previous === 'card_received'
      ? t('admin:scan.alreadyReceived')
      : t('admin:scan.changed', {
          from: t(`admin:statuses.${last.previous}`),
          to: t('admin:statuses.card_received'),
        });
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      icon={<IconCircleCheck aria-hidden />}
      title={t('admin:scan.taken')}
      mb="md"
      data-testid="scan-taken"
    >
      <Text fw={700} data-testid="scan-taken-card">
        <CardLine card={last} />
      </Text>
      <Text size="sm" data-testid="scan-taken-change">
        {change}
      </Text>
      <Group mt="sm">
        <Button
          component={Link}
          to={judgeUrl(i18n.language, last)}
          size="sm"
          leftSection={<IconCertificate size={16} aria-hidden />}
        >
          {t('admin:scan.judgeNow')}
        </Button>
      </Group>
      {earlier.length > 0 && (
        <>
          <Text size="sm" fw={700} mt="md">
            {t('admin:scan.earlier')}
          </Text>
          <List size="sm" data-testid="scan-earlier">
            {earlier.map((card) => (
              <List.Item key={card.candidateId}>
                <Anchor component={Link} to={judgeUrl(i18n.language, card)}>
                  <CardLine card={card} />
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
