/**
 * "A new version of the site is ready": shown when the service worker has installed a new version, which waits
 * until the rider accepts it, so no page ever runs half on the old scripts and half on the new.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyUpdate } from '../lib/service-worker.ts';
import classes from './update-prompt.module.css';

/** Loaded only when a new version waits (app/root.tsx). */
export default function UpdatePrompt() {
  const { t } = useTranslation();
  return (
    <Paper className={classes.prompt} shadow="md" withBorder role="status" data-testid="update-prompt">
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text size="sm">{t('update.ready')}</Text>
        <Button size="xs" onClick={applyUpdate} className={classes.action}>
          {t('update.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
