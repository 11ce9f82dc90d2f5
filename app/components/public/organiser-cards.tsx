/** The club's organisers (app/content/organisers.ts): photo or a neutral avatar, name, role. */
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ORGANISERS } from '../../content/organisers.ts';
import classes from './organiser-cards.module.css';

const PHOTO_SIZE = 96;

/** A head-and-shoulders silhouette: says "a person" without pretending to be anyone. */
function NeutralAvatar() {
  return (
    <svg
      className={classes.photo}
      width={PHOTO_SIZE}
      height={PHOTO_SIZE}
      viewBox="0 0 96 96"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="48" cy="48" r="48" fill="#e9ecef" />
      <circle cx="48" cy="38" r="17" fill="#adb5bd" />
      <path d="M16 84 C20 64 34 58 48 58 C62 58 76 64 80 84 A48 48 0 0 1 16 84Z" fill="#adb5bd" />
    </svg>
  );
}

export function OrganiserCards() {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="ul" cols={{ base: 1, xs: 3 }} spacing="lg" m={0} p={0} className={classes.list}>
      {ORGANISERS.map((organiser) => (
        <Card component="li" key={organiser.name} withBorder padding="lg" radius="md" ta="center">
          {organiser.photoUrl ? (
            <img
              className={classes.photo}
              src={organiser.photoUrl}
              width={PHOTO_SIZE}
              height={PHOTO_SIZE}
              alt={t('home:organisers.photoAlt', { name: organiser.name })}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <NeutralAvatar />
          )}
          <Text fw={700} mt="sm">
            {organiser.name}
          </Text>
          <Text size="sm" c="gray.7">
            {t(`home:organisers.roles.${organiser.role}`)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
