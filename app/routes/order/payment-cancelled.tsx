/** The buyer gave up on the provider's page: nothing was charged; back to the home page or to the registration. */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import forms from '../../components/forms/forms.module.css';
import { useRootData } from '../../lib/root-data.ts';

export default function Page() {
  const { t, i18n } = useTranslation('order');
  const lang = i18n.language;
  const signedIn = Boolean(useRootData()?.user);
  return (
    <Stack maw={720} mx="auto" className={forms.readable} gap={0}>
      <PageIntro prefix="order:cancelled." noindex />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} data-testid="payment-cancelled">
        <Stack gap="md">
          <Text>{t('cancelled.text')}</Text>
          <Group gap="sm">
            <Button component={Link} to={`/${lang}`}>
              {t('cancelled.home')}
            </Button>
            {signedIn && (
              <Button component={Link} to={`/${lang}/order`} variant="light">
                {t('cancelled.again')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
