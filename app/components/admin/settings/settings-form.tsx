/**
 * One section of the settings page: a form posted to the page's action (decision 0032) with its `intent` and the
 * version it was read from, what the last post of it did, and the fields' values as typed after a refusal.
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData } from 'react-router';
import type { FormRefusal } from '../../../lib/form-refusal.ts';
import { usePosting, useRefusalFor } from '../../../lib/posted-form.ts';
import { RefusalMessage } from '../../forms/posted-reason.tsx';
import { ActionOutcome } from '../action-outcome.tsx';

/**
 * The refusal of the form `intent` (of the pick-up point `point`, `''` for a new one, when several forms share it),
 * and each field's value: as typed when refused, else as saved.
 */
export function useSettingsFields(intent: string, point?: string) {
  const { t } = useTranslation();
  const ofIntent = useRefusalFor('intent', intent);
  const refusal = point === undefined || (ofIntent?.values.point ?? '') === point ? ofIntent : undefined;
  return {
    refusal,
    value: (name: string, saved: string) => refusal?.values[name] ?? saved,
    error: (...names: string[]) => {
      const key = names.map((name) => refusal?.fields[name]).find(Boolean);
      return key ? t(key) : undefined;
    },
  };
}

/** What the last post of this form did, when it saved (the form told by its intent and hidden fields). */
function SavedNote({ intent, extra }: { intent: string; extra: Record<string, string> }) {
  const { t } = useTranslation();
  const answer = useActionData<{ intent?: string; version?: number; posted?: Record<string, string> }>();
  if (!answer || answer.intent !== intent || !answer.version) return null;
  if (Object.entries(extra).some(([name, value]) => answer.posted?.[name] !== value)) return null;
  return (
    <ActionOutcome
      outcome={{ kind: 'success', text: t('admin:settings.saved', { version: answer.version }) }}
      testId={`settings-saved-${intent}`}
    />
  );
}

export function SettingsSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb="xs">
        {title}
      </Title>
      {intro && (
        <Text size="sm" c="dimmed" mb="sm">
          {intro}
        </Text>
      )}
      <Stack gap="sm" data-testid={`settings-${id}`}>
        {children}
      </Stack>
    </Paper>
  );
}

export function SettingsForm({
  intent,
  version,
  refusal,
  submit,
  extra,
  children,
}: {
  intent: string;
  version: number;
  refusal: FormRefusal | undefined;
  submit: string;
  /** Hidden fields besides the intent and the version. */
  extra?: Record<string, string>;
  children?: ReactNode;
}) {
  const busy = usePosting({ intent, ...extra });
  return (
    // A new version shows its values: the form is drawn again, what a refusal kept included.
    <Form method="post" key={version} data-testid={`settings-form-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="sm">
        {children}
        <RefusalMessage refusal={refusal} size="sm" />
        <SavedNote intent={intent} extra={extra ?? {}} />
        <Button
          type="submit"
          loading={busy}
          // A long label (a point's name) wraps rather than widening a phone's page.
          h="auto"
          mih={36}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          style={{ alignSelf: 'flex-start' }}
          variant={children ? 'filled' : 'default'}
          data-testid={`settings-submit-${intent}`}
        >
          {submit}
        </Button>
      </Stack>
    </Form>
  );
}
