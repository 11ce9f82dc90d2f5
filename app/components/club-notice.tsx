/**
 * The club's notice as riders see it (issue 47): its kind (information, a road closed, heat), its days and its
 * text in the reader's language, the French one when that language's is empty.
 */
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localeOr } from '../../domain/locales.ts';
import { type Notice, inLanguage } from '../../domain/settings.ts';
import { useFormat } from '../lib/format.ts';

const LOOKS = {
  information: { color: 'blue', Icon: IconInfoCircle },
  road_closed: { color: 'orange', Icon: IconAlertTriangle },
  heat: { color: 'red', Icon: IconSun },
} as const;

export function ClubNotice({ notice, testId }: { notice: Notice; testId?: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { color, Icon } = LOOKS[notice.kind];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} aria-hidden />}
      // The kind's colour is the frame's and the icon's: a coloured title on the light ground reads too faintly.
      title={
        <Text span fw={700} c="var(--mantine-color-text)">
          {t(`common:notice.kinds.${notice.kind}`)}
        </Text>
      }
      data-testid={testId}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {inLanguage(notice.text, localeOr(i18n.language))}
      </Text>
      <Text size="xs" fw={500} mt={4}>
        {t('common:notice.days', { from: format.date(notice.from), to: format.date(notice.to) })}
      </Text>
    </Alert>
  );
}
