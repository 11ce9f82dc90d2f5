/** Whether the order draft is saved, announced politely; a lost session offers to sign in again. */
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCloudCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../lib/api/client.ts';
import { loginPath } from '../../lib/guards.ts';
import type { SaveState } from './use-draft-autosave.ts';

export function SaveStatus({ state, error }: { state: SaveState; error: unknown }) {
  const { t, i18n } = useTranslation('order');
  const location = useLocation();
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <div aria-live="polite" data-testid="draft-status" data-state={state}>
      {state === 'saving' && (
        <Group gap={6}>
          <Loader size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('draft.saving')}
          </Text>
        </Group>
      )}
      {state === 'saved' && (
        <Group gap={6}>
          <IconCloudCheck size={16} aria-hidden color="var(--mantine-color-green-8)" />
          <Text size="sm" c="dimmed">
            {t('draft.saved')}
          </Text>
        </Group>
      )}
      {state === 'error' && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertCircle
            size={16}
            aria-hidden
            color="var(--mantine-color-red-8)"
            style={{ flexShrink: 0 }}
          />
          <Text size="sm" c="red.8">
            {signedOut ? t('draft.signedOut') : t('draft.error')}{' '}
            {signedOut && (
              <Anchor component={Link} to={loginPath(i18n.language, location.pathname)} size="sm">
                {t('draft.signIn')}
              </Anchor>
            )}
          </Text>
        </Group>
      )}
    </div>
  );
}
