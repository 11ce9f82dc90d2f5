/** Account page, password tab: whether a second factor protects the account, and the way to its security page. */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SecondFactorCard({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md" mt="xl" data-testid="second-factor-card">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('account:security.cardTitle')}
        </Title>
        <Text size="sm">{t(enabled ? 'account:security.cardOn' : 'account:security.cardOff')}</Text>
        <Anchor component={Link} to={`/${i18n.language}/account/security`} reloadDocument>
          {t('account:security.cardLink')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
