/**
 * Hiding one's results from the public tables. Without a token: the email form, then "verification in
 * progress" (the answer is the same whether or not the address belongs to a laureate). With `?token=` (the
 * emailed link): the page confirms the request through the API once it is live, then says that it is done.
 */
import { Anchor, Button, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { restrictionRequestSchema } from '../../../domain/schemas/display-restriction.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import forms from '../../components/forms/forms.module.css';
import { PublicIntro } from '../../components/public/public-intro.tsx';
import { ApiError, apiRequest, errorMessageKey } from '../../lib/api/client.ts';
import { applyApiError, type FormMessage, topFormMessage, useZodForm } from '../../lib/zod-form.ts';

function WhatIsHidden() {
  const { t } = useTranslation();
  const items = t('restriction:what.items', { returnObjects: true }) as string[];
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('restriction:what.title')}
      </Title>
      <List spacing={4} withPadding>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Text c="gray.7">{t('restriction:what.kept')}</Text>
    </Stack>
  );
}

/** Moves the focus to a message that replaced the form, so screen readers read it. */
function useFocusOnChange<T>(value: T) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (value) ref.current?.focus();
  }, [value]);
  return ref;
}

function RequestForm() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { form, ref, focusErrors } = useZodForm(restrictionRequestSchema, { email: '', lang });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const pendingRef = useFocusOnChange(sentTo);

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      await apiRequest('POST', '/api/public-display-restriction', { email: values.email, lang });
      setSentTo(values.email.trim().toLowerCase());
    } catch (error) {
      setMessage(applyApiError(form, error, { fields: ['email'], focus: focusErrors }));
    }
  }, focusErrors);

  if (sentTo) {
    return (
      <Stack gap="sm" ref={pendingRef} tabIndex={-1} data-testid="restriction-pending">
        <FormAlert kind="success" title={t('restriction:pending.title')}>
          {t('restriction:pending.text', { email: sentTo })}
        </FormAlert>
        <Group>
          <Button
            variant="subtle"
            onClick={() => {
              form.reset();
              setSentTo(null);
            }}
          >
            {t('restriction:pending.again')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const top = topFormMessage(message, form.errors);
  return (
    <form ref={ref} onSubmit={submit} noValidate className={forms.readable} data-testid="restriction-form">
      <Stack gap="md">
        {top && <FormAlert kind="error">{t(top.key, top.values ?? {})}</FormAlert>}
        <TextInput
          type="email"
          label={t('validation:form_email')}
          description={t('restriction:form.help')}
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('restriction:form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Confirmation =
  { state: 'confirming' } | { state: 'confirmed' } | { state: 'failed'; messageKey: string };

function ConfirmToken({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'confirming' });
  const resultRef = useFocusOnChange(confirmation.state !== 'confirming');

  useEffect(() => {
    let current = true;
    apiRequest('POST', '/api/public-display-restriction/confirm', { token }).then(
      () => current && setConfirmation({ state: 'confirmed' }),
      (error: unknown) =>
        current &&
        setConfirmation({
          state: 'failed',
          messageKey:
            error instanceof ApiError && error.code === 'validation'
              ? 'validation:invalid_or_expired_token'
              : errorMessageKey(error),
        }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (confirmation.state === 'confirming') {
    return (
      <Group gap="sm" role="status" data-testid="restriction-confirming">
        <Loader size="sm" aria-hidden />
        <Text>{t('restriction:confirming')}</Text>
      </Group>
    );
  }
  if (confirmation.state === 'confirmed') {
    return (
      <Stack gap="sm" ref={resultRef} tabIndex={-1} data-testid="restriction-confirmed">
        <FormAlert kind="success" title={t('restriction:confirmed.title')}>
          {t('restriction:confirmed.text')}
        </FormAlert>
        <Anchor component={Link} to={`/${i18n.language}/laureates`} fw={600} c="club.8">
          {t('restriction:confirmed.ranking')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" ref={resultRef} tabIndex={-1} data-testid="restriction-failed">
      <FormAlert kind="error" title={t('restriction:invalid.title')}>
        {t(confirmation.messageKey, { seconds: 60 })}
      </FormAlert>
      <Group>
        <Button onClick={() => void navigate(`/${i18n.language}/public-display-restriction`)}>
          {t('restriction:invalid.again')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function RestrictionPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <Stack maw={720} gap="xl">
      <PublicIntro namespace="restriction" />
      {token ? <ConfirmToken token={token} /> : <RequestForm />}
      <WhatIsHidden />
    </Stack>
  );
}
