/**
 * The fields a volunteer fills in both when homologating (homologation-form.tsx) and when correcting a homologation
 * (homologation-panel.tsx): the day of the ride, between the registration and today, and a comment.
 */
import { TextInput, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { today } from '../../../domain/dates.ts';
import { COMMENT_MAX } from '../../../domain/schemas/admin.ts';

export function RideDayInput({
  registeredOn,
  description,
  inputRef,
  inputProps,
}: {
  registeredOn: string;
  description?: string;
  inputRef?: Ref<HTMLInputElement>;
  inputProps: GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="date"
      label={t('admin:homologation.datePassage')}
      description={description}
      required
      min={registeredOn}
      max={today()}
      maw={260}
      ref={inputRef}
      {...inputProps}
    />
  );
}

export function HomologationComment({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('admin:homologation.comment')}
      autosize
      minRows={2}
      maxLength={COMMENT_MAX}
      {...inputProps}
    />
  );
}
