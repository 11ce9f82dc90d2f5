/** The challenge of a candidate (epreuve): the three challenges with their roads and figures, as a radio group. */
import { Paper, Radio, type RadioGroupProps, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CHALLENGES } from '../../../domain/ventoux.ts';
import { useFormat } from '../../lib/format.ts';

export function ChallengeOptions(props: Omit<RadioGroupProps, 'children'>) {
  const { t } = useTranslation('order');
  const format = useFormat();
  return (
    <Radio.Group {...props}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs" spacing="sm">
        {CHALLENGES.map((challenge) => (
          <Paper key={challenge.id} withBorder p="sm">
            <Radio
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
