/**
 * Email verification, from the link mailed at sign-up or after a change of address (`?token=…`). Once the page
 * is live it sends the token to the API, then says whether the address is confirmed. Following the link needs
 * no sign-in: the link is the proof.
 */
import '../../styles/mantine-all.ts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { apiRequest, errorMessageKey } from '../../lib/api/client.ts';
import type { Route } from './+types/verify-email';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token')?.trim() ?? '' };
}

type Outcome = { state: 'checking' } | { state: 'done' } | { state: 'failed'; messageKey: string };

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { token } = loaderData;
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'checking' } : { state: 'failed', messageKey: 'validation:invalid_or_expired_token' },
  );
  const outcomeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    apiRequest('POST', '/api/account/verify-email', { token }).then(
      () => {
        if (!current) return;
        setOutcome({ state: 'done' });
        // The header and the account page read the user's address and state from the root loader.
        void revalidator.revalidate();
      },
      (error: unknown) => current && setOutcome({ state: 'failed', messageKey: errorMessageKey(error) }),
    );
    return () => {
      current = false;
    };
    // The token is sent once per page load; revalidating must not send it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  useEffect(() => {
    if (outcome.state !== 'checking') outcomeRef.current?.focus();
  }, [outcome.state]);

  return (
    <Stack maw={560} mx="auto">
      <PageIntro prefix="auth:verify." noindex />
      {outcome.state === 'checking' && (
        <Group role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('auth:verify.checking')}</Text>
        </Group>
      )}
      {outcome.state !== 'checking' && (
        <div ref={outcomeRef} tabIndex={-1}>
          {outcome.state === 'done' ? (
            <FormAlert kind="success" title={t('auth:verify.doneTitle')} testId="verify-done">
              {t('auth:verify.done')}
            </FormAlert>
          ) : (
            <FormAlert kind="error" title={t('auth:verify.failedTitle')} testId="verify-failed">
              {t(outcome.messageKey)}
            </FormAlert>
          )}
        </div>
      )}
      {outcome.state !== 'checking' && (
        <Button component={Link} to={`/${i18n.language}/account`} style={{ alignSelf: 'flex-start' }}>
          {t('auth:verify.toAccount')}
        </Button>
      )}
    </Stack>
  );
}
