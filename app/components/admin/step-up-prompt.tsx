/**
 * Before the gravest acts of the back office (a refund, approving a cancellation, a role change): when this session
 * has not passed its second factor within STEP_UP_MINUTES, the page asks for a code in place. The form posts to the
 * security page's action, which comes back here once the code passed (decision 0048); it needs no script. A
 * passkey is passed on the security page itself, which comes back here the same way (decision 0050).
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, useLocation } from 'react-router';
import { useRootData } from '../../lib/root-data.ts';
import { SecondFactorCodeField } from '../forms/second-factor-code.tsx';

export function StepUpPrompt({ act }: { act: 'refund' | 'roles' }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const user = useRootData()?.user;
  if (!user || user.secondFactorRecent) return null;
  const back = encodeURIComponent(pathname + search);
  return (
    <Alert color="orange" title={t('admin:stepUp.title')} data-testid="step-up">
      <Form method="post" action={`/${i18n.language}/account/security?redirectTo=${back}`} reloadDocument>
        <input type="hidden" name="intent" value="verify" />
        <Stack gap="sm">
          <Text size="sm">{t(`admin:stepUp.${act}`)}</Text>
          <SecondFactorCodeField
            size="md"
            maw={320}
            texts={{ label: 'admin:stepUp.codeLabel', help: 'admin:stepUp.codeHelp' }}
          />
          <Group>
            <Button type="submit">{t('admin:stepUp.submit')}</Button>
            {/* A passkey needs the security page's script: it comes back here once passed. */}
            <Anchor href={`/${i18n.language}/account/security?redirectTo=${back}`} size="sm">
              {t('admin:stepUp.passkey')}
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Alert>
  );
}
