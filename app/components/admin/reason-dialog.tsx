/** A dialog asking for a reason, then sending it: a rejection, or an administrator's cancellation. */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX } from '../../../domain/schemas/admin.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { AdminModal } from './admin-modal.tsx';
import { rejectSchema } from './homologation-schema.ts';

export function ReasonDialog({
  opened,
  onClose,
  onSent,
  send,
  texts,
  testId,
}: {
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
  send: (reason: string) => Promise<unknown>;
  texts: { title: string; intro: string; submit: string };
  testId: string;
}) {
  const { t } = useTranslation();
  const { form, ref, focusErrors } = useZodForm(rejectSchema, { reason: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await send(values.reason.trim());
      form.reset();
      onSent();
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: ['reason'], focus: focusErrors }));
    }
  }, focusErrors);
  const top = topFormMessage(message, form.errors);
  return (
    <AdminModal opened={opened} onClose={onClose} title={texts.title} size="lg">
      <form ref={ref} onSubmit={submit} noValidate data-testid={testId}>
        <Stack gap="md">
          {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
          <Text size="sm">{texts.intro}</Text>
          <Textarea
            label={t('admin:homologation.reason')}
            description={t('admin:homologation.reasonHint')}
            required
            autosize
            minRows={3}
            maxLength={COMMENT_MAX}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('admin:cancel')}
            </Button>
            <Button
              type="submit"
              color="red.9"
              loading={form.submitting}
              leftSection={<IconX size={16} aria-hidden />}
            >
              {texts.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
