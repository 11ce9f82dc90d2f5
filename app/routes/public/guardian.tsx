/**
 * A minor's guardian answers, from the emailed link (services/registrations/guardian-consents.ts): the page shows the candidate,
 * the challenge and the rules' safety advice, and asks to confirm the parental authorisation and the medical
 * certificate, or to refuse. A real form posted to this page's action (decision 0032), which works without
 * scripts; a link used or expired says so and what to do.
 */
import '../../styles/mantine-all.ts';
import { Button, Checkbox, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form, data, useActionData, useNavigation } from 'react-router';
import { requestContext } from '#request-context';
import type { GuardianConsentView } from '../../../contracts/orders.ts';
import { guardianDecisionSchema } from '../../../domain/schemas/guardian-consent.ts';
import { ErrorSummary } from '../../components/forms/error-summary.tsx';
import { fieldId } from '../../components/forms/error-summary-items.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import forms from '../../components/forms/forms.module.css';
import { Notice } from '../../components/order/notice.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { SAFETY_ITEM_IDS } from '../../components/public/rules-tabs.ts';
import { isFormRefusal } from '../../lib/form-refusal.ts';
import { parseForm, readForm, serviceRefusal } from '../../lib/form-action.server.ts';
import { useFormat } from '../../lib/format.ts';
import { WITHOUT_CLIENT } from '../../lib/page-client.ts';
import type { Route } from './+types/guardian';

/** A form that posts and a page that answers: no script needed (decision 0041). */
export const handle = WITHOUT_CLIENT;

/** The link's token, in the query string (which the logs leave out and the page cache does not keep). */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const view = await services.guardianConsents.view(tokenOf(request));
  if (!view) throw data(null, { status: 404 });
  return { view };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actions } = context.get(requestContext);
  const values = await readForm(request);
  const parsed = parseForm(guardianDecisionSchema, values);
  if ('refusal' in parsed) return parsed.refusal;
  try {
    const answer = await actions.answerGuardianConsent(tokenOf(request), parsed.input);
    return { decided: answer.decision };
  } catch (error) {
    return serviceRefusal(error, values);
  }
}

function Answered({ decision }: { decision: 'confirmed' | 'refused' | null }) {
  const { t } = useTranslation('guardian');
  if (decision === 'refused')
    return (
      <FormAlert kind="success" title={t('refused.title')} testId="guardian-refused">
        {t('refused.text')}
      </FormAlert>
    );
  return (
    <FormAlert kind="success" title={t('confirmed.title')} testId="guardian-confirmed">
      {t('confirmed.text')}
    </FormAlert>
  );
}

/** The statements' labels, which the error summary repeats. */
const LABELS = {
  autorisation_parentale: 'guardian:statements.autorisation_parentale',
  certificat_medical: 'guardian:statements.certificat_medical',
};

function ConsentForm() {
  const { t } = useTranslation('guardian');
  const answer = useActionData();
  const refusal = isFormRefusal(answer) ? answer : undefined;
  const busy = useNavigation().state !== 'idle';
  const fieldError = (field: string) => {
    const key = refusal?.fields?.[field];
    return key ? t(key) : undefined;
  };
  return (
    <Form method="post" noValidate data-testid="guardian-form" className={forms.readable}>
      <Stack gap="md">
        {refusal && <ErrorSummary errors={refusal.fields} message={refusal.message} labels={LABELS} />}
        <Checkbox
          id={fieldId('autorisation_parentale')}
          name="autorisation_parentale"
          value="true"
          label={t(LABELS.autorisation_parentale)}
          defaultChecked={refusal?.values?.autorisation_parentale === 'true'}
          error={fieldError('autorisation_parentale')}
        />
        <Checkbox
          id={fieldId('certificat_medical')}
          name="certificat_medical"
          value="true"
          label={t(LABELS.certificat_medical)}
          defaultChecked={refusal?.values?.certificat_medical === 'true'}
          error={fieldError('certificat_medical')}
        />
        <Text size="sm" c="gray.7">
          {t('statements.note')}
        </Text>
        <Group gap="sm">
          <Button
            type="submit"
            name="decision"
            value="confirm"
            loading={busy}
            leftSection={<IconCircleCheck size={18} aria-hidden />}
          >
            {t('confirm')}
          </Button>
          <Button
            type="submit"
            name="decision"
            value="refuse"
            variant="default"
            disabled={busy}
            leftSection={<IconCircleX size={18} aria-hidden />}
          >
            {t('refuse')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

function Registration({ view }: { view: GuardianConsentView }) {
  const { t } = useTranslation('guardian');
  const format = useFormat();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="guardian-registration">
      <Stack gap="xs">
        <Text>{t('hello', { name: `${view.guardian.prenom} ${view.guardian.nom}` })}</Text>
        <Text fw={700} size="lg">
          {t('registration', {
            candidate: `${view.candidate.prenom} ${view.candidate.nom}`,
            challenge: t(`order:challenges.${view.candidate.epreuve}`),
          })}
        </Text>
        <Text size="sm" c="gray.7">
          {t('reference', { reference: view.reference })} ·{' '}
          {t('expires', { date: format.timestamp(view.expires_at) })}
        </Text>
      </Stack>
    </Paper>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('guardian');
  const { view } = loaderData;
  const answer = useActionData<{ decided?: 'confirmed' | 'refused' }>();
  const decided = answer?.decided ?? null;
  return (
    <Stack gap="lg" className={forms.readable} maw={760}>
      <PageIntro prefix="guardian:" noindex />
      <Registration view={view} />
      {decided ? (
        <Answered decision={decided} />
      ) : view.state === 'answered' ? (
        <Notice color="blue" title={t('answered.title')} data-testid="guardian-answered">
          {t(view.decision === 'refused' ? 'answered.refused' : 'answered.confirmed')}
        </Notice>
      ) : view.state === 'expired' ? (
        <Notice
          color="yellow"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('expired.title')}
          data-testid="guardian-expired"
        >
          {t('expired.text')}
        </Notice>
      ) : (
        <>
          <section aria-labelledby="guardian-safety">
            <Title order={2} size="h3" id="guardian-safety" mb="xs">
              {t('rules:tabs.safety.title')}
            </Title>
            <Text mb="sm">{t('rules:tabs.safety.intro')}</Text>
            <List spacing="xs">
              {SAFETY_ITEM_IDS.map((id) => (
                <List.Item key={id}>
                  <Text span fw={700}>
                    {t(`rules:tabs.safety.items.${id}.title`)}
                  </Text>{' '}
                  — {t(`rules:tabs.safety.items.${id}.text`)}
                </List.Item>
              ))}
            </List>
          </section>
          <ConsentForm />
        </>
      )}
    </Stack>
  );
}
