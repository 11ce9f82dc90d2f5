/**
 * A thin ribbon at the top of every page while payments go to the built-in test provider, so that nobody takes
 * a test site for the real one. Dark text on yellow (above 4.5:1); the text wraps rather than overflow at 360 px.
 * An `aside` (a complementary landmark), since every piece of a page must sit in a landmark.
 */
import { Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function TestModeRibbon() {
  const { t } = useTranslation('common');
  return (
    <Text
      component="aside"
      size="xs"
      fw={700}
      ta="center"
      m={0}
      px="sm"
      py={2}
      bg="yellow.4"
      c="black"
      data-testid="test-mode-ribbon"
      style={{ lineHeight: 1.4, overflowWrap: 'anywhere' }}
    >
      <IconFlask size={12} aria-hidden style={{ verticalAlign: '-1px', marginInlineEnd: 4 }} />
      {t('testModeRibbon')}
    </Text>
  );
}
