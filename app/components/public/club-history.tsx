/** The three dates that shaped the club, as a timeline; the years come from the domain's club facts. */
import { Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLUB_FACTS } from '../../../domain/ventoux.ts';

const MILESTONES = [
  { id: 'founded', year: CLUB_FACTS.foundedYear },
  { id: 'forest', year: CLUB_FACTS.forestOptionYear },
  { id: 'double', year: CLUB_FACTS.doubleOptionYear },
] as const;

export function ClubHistory() {
  const { t } = useTranslation();
  return (
    <Timeline active={MILESTONES.length - 1} bulletSize={20} lineWidth={3} color="club.8">
      {MILESTONES.map((milestone) => (
        <Timeline.Item
          key={milestone.id}
          title={
            <Title order={3} size="h4">
              <Text span inherit c="club.8" mr="xs">
                {milestone.year}
              </Text>
              {t(`home:history.milestones.${milestone.id}.title`)}
            </Title>
          }
        >
          <Text mt={4} maw={720}>
            {t(`home:history.milestones.${milestone.id}.text`)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
