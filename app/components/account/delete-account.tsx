/**
 * Account page, deleting the account: a button that opens a dialog saying what goes and what stays, asking the
 * password (DELETE /api/account). Once deleted, the visitor is signed out and taken home. What is kept and why is
 * in docs/decisions/0028-account-deletion.md. Before the scripts run (or without them), the same form sits in a
 * disclosure the browser opens by itself, and posts to the account page's action (intent `delete`, decision 0032).
 */
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Form, useActionData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deleteAccountSchema } from '../../../domain/schemas/user.ts';
import { ApiError, apiRequest } from '../../lib/api/client.ts';
import { clientSession } from '../../lib/client-session.ts';
import { useAdoptTypedValues } from '../../lib/action-form.ts';
import { type FormRefusal, isFormRefusal } from '../../lib/form-refusal.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { PasswordField } from '../forms/password-input.tsx';
import { Dialog } from '../dialog.tsx';
import { AccountSection } from './account-section.tsx';

const EMPTY = { current_password: '' };

/** The form's state and its sending: a refusal posted before the scripts ran shows at once. */
function useDeletionForm(refusal: FormRefusal | undefined) {
  const { i18n } = useTranslation();
  const { form, ref, focusErrors } = useZodForm(deleteAccountSchema, EMPTY, refusal?.fields);
  const [message, setMessage] = useState<FormMessage | null>(refusal?.message ?? null);
  useAdoptTypedValues(ref, form);
  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await apiRequest('DELETE', '/api/account', values);
      clientSession.setUser(null);
      clientSession.setHasOrderDraft(false);
      // A document load: every loader asks the server anew, now without a session.
      window.location.assign(`/${i18n.language}`);
    } catch (error) {
      // The deletion's own refusal: the app-wide codes (domain/errors.ts) have no text for it.
      if (error instanceof ApiError && error.code === 'last_admin') {
        setMessage({ key: 'account:delete.lastAdmin' });
        return;
      }
      setMessage(
        applyApiError(form, error, {
          fields: Object.keys(EMPTY),
          focus: focusErrors,
          codeFields: { wrong_current_password: 'current_password' },
        }),
      );
    }
  }, focusErrors);
  return {
    form,
    ref,
    submit,
    top: topFormMessage(message, form.errors),
    clearMessage: () => setMessage(null),
  };
}

function DeletionForm({
  deletion,
  onCancel,
}: {
  deletion: ReturnType<typeof useDeletionForm>;
  /** Absent where the form sits in the disclosure, which has nothing to cancel. */
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { form, ref, submit, top } = deletion;
  return (
    <Form method="post" ref={ref} onSubmit={submit} noValidate data-testid="delete-account-form">
      <input type="hidden" name="intent" value="delete" />
      <Stack gap="md">
        {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
        <Text size="sm">{t('account:delete.goes')}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('account:delete.goesProfile')}</List.Item>
          <List.Item>{t('account:delete.goesRegistrations')}</List.Item>
          <List.Item>{t('account:delete.goesTracks')}</List.Item>
        </List>
        <Text size="sm">{t('account:delete.stays')}</Text>
        <PasswordField
          name="current_password"
          label={t('account:profile.currentPassword')}
          description={t('account:delete.passwordHelp')}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('current_password')}
          // Its own id: the password tab's form on the same page names its field current_password too.
          id="delete-account-current-password"
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('account:delete.cancel')}
            </Button>
          )}
          <Button type="submit" color="red.8" loading={form.submitting} data-testid="delete-account-confirm">
            {t('account:delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export function DeleteAccount() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const hydrated = useHydrated();
  const answer: unknown = useActionData();
  // Refused when posted before the scripts ran: the disclosure opens again with the refusal.
  const refusal = isFormRefusal(answer) && answer.intent === 'delete' ? answer : undefined;
  const deletion = useDeletionForm(refusal);
  // A disclosure opened before the scripts ran stays, with what was typed in it, when they take over.
  const disclosure = useRef<HTMLDetailsElement>(null);
  const [keepDisclosure, setKeepDisclosure] = useState(false);
  useEffect(() => {
    if (disclosure.current?.open) setKeepDisclosure(true);
  }, []);
  const inline = !hydrated || keepDisclosure;

  const close = () => {
    setOpened(false);
    deletion.clearMessage();
    deletion.form.reset();
  };

  const deletionForm = <DeletionForm deletion={deletion} onCancel={inline ? undefined : close} />;
  return (
    <AccountSection
      heading={t('account:delete.heading')}
      intro={t('account:delete.intro')}
      testId="delete-account"
    >
      {inline && (
        <details
          ref={disclosure}
          open={refusal !== undefined || keepDisclosure}
          data-testid="delete-account-disclosure"
        >
          <summary>{t('account:delete.open')}</summary>
          <Title order={3} size="h5" my="sm">
            {t('account:delete.title')}
          </Title>
          {deletionForm}
        </details>
      )}
      {!inline && (
        <Button
          variant="outline"
          color="red.8"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setOpened(true)}
          style={{ alignSelf: 'flex-start' }}
          data-testid="delete-account-open"
        >
          {t('account:delete.open')}
        </Button>
      )}
      <Dialog
        opened={opened}
        onClose={close}
        title={t('account:delete.title')}
        closeLabel={t('account:delete.close')}
        size="lg"
      >
        {deletionForm}
      </Dialog>
    </AccountSection>
  );
}
