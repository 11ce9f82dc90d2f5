/**
 * The club's notice as riders see it (issue 47): its kind (information, a road closed, heat), its days and its
 * text in the reader's language, the French one when that language's is empty. `ClubNoticeOfToday` puts the one of today
 * at the top of every page of the site's frame, rendered by the server (no script needed) and announced politely;
 * the back office shows the same component as its preview.
 */
import { Alert, Container, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { localeOr } from '../../domain/locales.ts';
import { type Notice, inLanguage } from '../../domain/notice.ts';
import { useFormat } from '../lib/format.ts';
import { useRootData } from '../lib/root-data.ts';
import classes from './notices.module.css';

const LOOKS = {
  information: { color: 'blue', Icon: IconInfoCircle },
  road_closed: { color: 'orange', Icon: IconAlertTriangle },
  heat: { color: 'red', Icon: IconSun },
} as const;

export function ClubNotice({
  notice,
  testId,
  role = 'note',
}: {
  notice: Notice;
  testId?: string;
  /** `status` on the pages, read out politely once; a `note` in the back office's preview, which changes as one types. */
  role?: 'status' | 'note';
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { color, Icon } = LOOKS[notice.kind];
  return (
    <Alert
      color={color}
      variant="light"
      role={role}
      classNames={{ root: classes.banner, icon: classes.bannerIcon }}
      icon={<Icon size={20} aria-hidden />}
      // The kind's colour is the frame's and the icon's: a coloured title on the light ground reads too faintly.
      title={
        <Text span fw={700} c="var(--mantine-color-text)">
          {t(`common:notice.kinds.${notice.kind}`)}
        </Text>
      }
      data-testid={testId}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line' }} className={classes.bannerText}>
        {inLanguage(notice.text, localeOr(i18n.language))}
      </Text>
      <Text size="xs" fw={500} mt={4}>
        {t('common:notice.days', { from: format.date(notice.from), to: format.date(notice.to) })}
      </Text>
    </Alert>
  );
}

/** Today's notice of the club, if it set one, above the page. */
export function ClubNoticeOfToday() {
  const notice = useRootData()?.settings.notice;
  if (!notice) return null;
  return (
    // As wide as the page's text below it (the frame is a flex column, where a container shrinks to its content).
    <Container size="lg" w="100%" className={classes.banners}>
      <div className={classes.stack}>
        <ClubNotice notice={notice} role="status" testId="club-notice" />
      </div>
    </Container>
  );
}
