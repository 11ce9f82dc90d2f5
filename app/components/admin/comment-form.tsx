/**
 * A volunteer's short text sent from the admin candidate page (a request for more evidence, the note of a consent
 * received on paper): one text area checked by the API's schema, the API's refusal shown on it, emptied once sent.
 * With `confirmation`, a checked text is sent only once the volunteer confirms in the admin area's ConfirmDialog.
 */
import { Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from '../../../domain/schemas/zod.ts';
import { COMMENT_MAX } from '../../../domain/schemas/admin.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';
import { ConfirmDialog } from './admin-modal.tsx';

/** What the dialog before sending says: already translated. */
export interface CommentConfirmation {
  title: string;
  text: string;
  action: string;
}

export function CommentForm({
  field,
  schema,
  labels,
  minRows,
  testId,
  send,
  onSent,
  confirmation,
}: {
  /** The name of the text in the API's body. */
  field: string;
  schema: z.ZodType;
  /** Translation keys of the text area's label and hint, and of the button. */
  labels: { label: string; description: string; submit: string };
  minRows: number;
  testId: string;
  send: (text: string) => Promise<unknown>;
  onSent: () => void;
  confirmation?: CommentConfirmation;
}) {
  const { t } = useTranslation();
  const { form, ref, focusErrors } = useZodForm<Record<string, string>>(schema, { [field]: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const deliver = async (text: string) => {
    setMessage(null);
    setSending(true);
    try {
      await send(text);
      form.reset();
      onSent();
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: [field], focus: focusErrors }));
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };
  const submit = form.onSubmit(async (values) => {
    if (confirmation) setConfirming(true);
    else await deliver(values[field]!.trim());
  }, focusErrors);
  const top = topFormMessage(message, form.errors);
  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="sm">
        {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
        <Textarea
          label={t(labels.label)}
          description={t(labels.description)}
          required
          autosize
          minRows={minRows}
          maxLength={COMMENT_MAX}
          {...form.getInputProps(field)}
        />
        <Button type="submit" loading={form.submitting || sending} style={{ alignSelf: 'flex-start' }}>
          {t(labels.submit)}
        </Button>
      </Stack>
      {confirmation && (
        <ConfirmDialog
          opened={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={() => void deliver(form.getValues()[field]!.trim())}
          title={confirmation.title}
          text={confirmation.text}
          action={confirmation.action}
          loading={sending}
          testId={`${testId}-confirm`}
          confirmTestId={`${testId}-confirm-action`}
        />
      )}
    </form>
  );
}
