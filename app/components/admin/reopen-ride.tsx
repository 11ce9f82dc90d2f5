/**
 * "Reopen the ride" on a rejected candidate's page: the ride goes back among the cards to judge (audited, no mail
 * to the rider). Once the scripts run it asks in a dialog; before, or without them, the same question sits in a
 * disclosure the browser opens by itself, with a button that posts to the page's action (intent `reopen`).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useSubmit } from 'react-router';
import { useHydrated } from '../../lib/hydrated.ts';
import { usePosting } from '../../lib/posted-form.ts';
import { ConfirmDialog } from './admin-modal.tsx';

export function ReopenRide({ name }: { name: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const busy = usePosting({ intent: 'reopen' });
  const [asking, setAsking] = useState(false);
  const text = t('admin:reopen.text', { name });

  if (!hydrated)
    return (
      <details data-testid="reopen-disclosure">
        <summary>{t('admin:reopen.title')}</summary>
        <Stack gap="sm" mt="sm">
          <Text size="sm">{text}</Text>
          <Form method="post">
            <input type="hidden" name="intent" value="reopen" />
            <Button type="submit" size="sm">
              {t('admin:reopen.action')}
            </Button>
          </Form>
        </Stack>
      </details>
    );
  return (
    <>
      <Group>
        <Button
          variant="outline"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          onClick={() => setAsking(true)}
          data-testid="reopen-open"
        >
          {t('admin:reopen.title')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void submit({ intent: 'reopen' }, { method: 'post' });
        }}
        title={t('admin:reopen.title')}
        text={text}
        action={t('admin:reopen.action')}
        loading={busy}
        confirmTestId="reopen-confirm"
      />
    </>
  );
}
