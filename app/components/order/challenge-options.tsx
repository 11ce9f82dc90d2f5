/** The challenge of a candidate (epreuve): the three challenges with their roads and figures, as a radio group. */
import { Paper, Radio, type RadioGroupProps, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHALLENGES } from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';

/** The group's id goes to its first choice, so that a link to the field (an error summary's) focuses a control. */
export function ChallengeOptions({ id, ...props }: Omit<RadioGroupProps, 'children'>) {
  const { t } = useTranslation('order');
  const format = useFormat();
  return (
    <Radio.Group {...props}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="sm">
        {CHALLENGES.map((challenge, index) => (
          <Paper key={challenge.id} withBorder p="sm">
            <Radio
              id={index === 0 ? id : undefined}
              value={challenge.id}
              label={t(`challenges.${challenge.id}`)}
              description={
                <>
                  {t(`challengeRoutes.${challenge.id}`)}
                  <br />
                  {t('challengeFigures', {
                    count: challenge.ascents.length,
                    distance: format.number(challenge.distanceKm),
                    gain: format.number(challenge.gainM),
                  })}
                </>
              }
              styles={{ label: { fontWeight: 700 } }}
            />
          </Paper>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
