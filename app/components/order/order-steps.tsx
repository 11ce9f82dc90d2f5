/** Where the buyer is in the three steps of an order: candidates, delivery, payment. */
import { Flex, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STEPS = ['candidates', 'shipping', 'payment'] as const;
export type OrderStep = (typeof STEPS)[number];

export function OrderSteps({ current }: { current: OrderStep }) {
  const { t } = useTranslation('order');
  const currentIndex = STEPS.indexOf(current);
  return (
    <nav aria-label={t('steps.label')}>
      <Flex component="ol" gap="md" wrap="wrap" p={0} m={0} mb="lg" style={{ listStyle: 'none' }}>
        {STEPS.map((step, index) => {
          const done = index < currentIndex;
          const active = index === currentIndex;
          return (
            <Flex component="li" key={step} gap={6} align="center" aria-current={active ? 'step' : undefined}>
              <ThemeIcon
                size={24}
                radius="xl"
                variant={active ? 'filled' : 'light'}
                color={active || done ? 'club' : 'gray'}
                aria-hidden
              >
                {done ? (
                  <IconCheck size={14} />
                ) : (
                  <Text size="xs" fw={700}>
                    {index + 1}
                  </Text>
                )}
              </ThemeIcon>
              <Text size="sm" fw={active ? 700 : 400} c={active ? undefined : 'dimmed'}>
                {t(`steps.${step}`)}
              </Text>
            </Flex>
          );
        })}
      </Flex>
    </nav>
  );
}
