/**
 * A volunteer's short text sent from the admin candidate page (a request for more evidence, the note of a consent
 * received on paper): one text area checked by the API's schema, the API's refusal shown on it, emptied once sent.
 */
import { Button, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from '../../../domain/schemas/zod.ts';
import { COMMENT_MAX } from '../../../domain/schemas/admin.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';
import { FormAlert } from '../forms/form-alert.tsx';

export function CommentForm({
  field,
  schema,
  labels,
  minRows,
  testId,
  send,
  onSent,
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
}) {
  const { t } = useTranslation();
  const { form, ref, focusErrors } = useZodForm<Record<string, string>>(schema, { [field]: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await send(values[field]!.trim());
      form.reset();
      onSent();
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: [field], focus: focusErrors }));
    }
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
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {t(labels.submit)}
        </Button>
      </Stack>
    </form>
  );
}
