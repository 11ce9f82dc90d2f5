/** The admin area's dialog: the site's dialog (../dialog.tsx) with the admin pages' readable error red. */
import { Button, Group, type ModalRootProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog.tsx';
import { readableClass } from './admin-page.tsx';

export function AdminModal({
  opened,
  onClose,
  title,
  size,
  returnFocus,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  returnFocus?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={title}
      closeLabel={t('admin:close')}
      size={size}
      returnFocus={returnFocus}
      className={readableClass}
    >
      {children}
    </Dialog>
  );
}

/** A confirmation's buttons: cancel, and the action, which takes the focus as the dialog opens. */
function ConfirmButtons({
  onCancel,
  onConfirm,
  loading,
  testId,
  children,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('admin:cancel')}
      </Button>
      <Button onClick={onConfirm} loading={loading} data-autofocus data-testid={testId}>
        {children}
      </Button>
    </Group>
  );
}

/**
 * A question before an action: its title, its text and what else it shows (`children`), then cancel and the
 * action. Cancelling closes it; `testId` names its content, `confirmTestId` the action's button.
 */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  text,
  action,
  loading,
  testId,
  confirmTestId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  text?: ReactNode;
  action: ReactNode;
  loading?: boolean;
  testId?: string;
  confirmTestId?: string;
  children?: ReactNode;
}) {
  return (
    <AdminModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md" data-testid={testId}>
        {text && <Text>{text}</Text>}
        {children}
        <ConfirmButtons onCancel={onClose} onConfirm={onConfirm} loading={loading} testId={confirmTestId}>
          {action}
        </ConfirmButtons>
      </Stack>
    </AdminModal>
  );
}
