/**
 * The pieces of a form posted to its page's action that asks for a reason (a refund, a cancellation, declining
 * one): the reason's text area, which keeps what was typed when the action refuses, and the refusal's message.
 */
import { Text, type TextProps, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormRefusal } from '../../lib/form-refusal.ts';

export function ReasonField({
  refusal,
  label,
  description,
  id,
  testId,
}: {
  refusal: FormRefusal | undefined;
  label: string;
  description?: string;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      id={id}
      name="reason"
      label={label}
      description={description}
      required
      autosize
      minRows={2}
      maxLength={2000}
      defaultValue={refusal?.values.reason}
      error={refusal?.fields.reason ? t(refusal.fields.reason) : undefined}
      data-testid={testId}
    />
  );
}

/** The action's message when no field explains the refusal. */
export function RefusalMessage({ refusal, ...textProps }: { refusal: FormRefusal | undefined } & TextProps) {
  const { t } = useTranslation();
  if (!refusal?.message) return null;
  return (
    <Text c="red.8" role="alert" {...textProps}>
      {t(refusal.message.key)}
    </Text>
  );
}
