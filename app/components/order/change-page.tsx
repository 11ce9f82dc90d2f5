/**
 * The frame of the pages where a buyer changes a paid order (routes/account/delivery-change.tsx,
 * registration-change.tsx): the way back to the orders, the page's title and what it is about, then its form.
 */
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import forms from '../forms/forms.module.css';
import { PageIntro } from '../page-intro.tsx';

export function ChangePage({
  lang,
  introPrefix,
  subject,
  children,
}: {
  lang: string;
  /** The translation keys of the title and the text under it. */
  introPrefix: string;
  /** What is changed: the order or the candidate, under the title. */
  subject: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('order');
  return (
    <Stack gap="lg" className={forms.readable}>
      <Anchor component={Link} to={`/${lang}/account?tab=orders`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('changes.backToOrders')}
        </Group>
      </Anchor>
      <PageIntro prefix={introPrefix} noindex>
        {subject}
      </PageIntro>
      {children}
    </Stack>
  );
}

/** A change form's submit button, and the way back to the orders without saving. */
export function ChangeFormButtons({ submitting, testId }: { submitting: boolean; testId: string }) {
  const { t, i18n } = useTranslation('order');
  return (
    <Group>
      <Button type="submit" loading={submitting} data-testid={testId}>
        {t('changes.submit')}
      </Button>
      <Anchor component={Link} to={`/${i18n.language}/account?tab=orders`}>
        {t('changes.backToOrders')}
      </Anchor>
    </Group>
  );
}
