/**
 * What the scan page's action answers, and how the page says it: the card taken in, a refusal said in words (the
 * reference read when it names nobody, a minor waiting for the guardian…), or a question to the volunteer — a kit
 * never marked sent, a ride already rejected (its day and reason) — confirmed by posting the card again with
 * `confirm`. The question is a dialog once the scripts run, and a form in the page before (or without) them.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { ERROR_MESSAGE_KEYS, isErrorCode } from '../../../domain/errors.ts';
import { useFormat } from '../../lib/format.ts';
import { ConfirmDialog } from './admin-modal.tsx';
import type { ScannedCard } from './types.ts';

export type ScanAnswer =
  | { kind: 'taken'; card: ScannedCard }
  | { kind: 'refused'; code: string; text: string; details: Record<string, string> };

type Refused = Extract<ScanAnswer, { kind: 'refused' }>;

/** The refusals the volunteer may overrule: the scan is posted again with `confirm`. */
const QUESTIONS = ['kit_not_sent', 'rejected'] as const;

export const isQuestion = (answer: ScanAnswer | undefined): answer is Refused =>
  answer?.kind === 'refused' && (QUESTIONS as readonly string[]).includes(answer.code);

/** The words of a refusal that is not a question. */
export function refusalText(t: TFunction, answer: Refused): string {
  switch (answer.code) {
    case 'unknown_reference':
      return t('admin:scan.unknownReference', { reference: answer.details.reference ?? answer.text.trim() });
    case 'not_paid':
      return t('admin:scan.notPaid');
    default:
      return t(isErrorCode(answer.code) ? ERROR_MESSAGE_KEYS[answer.code] : 'validation:internal');
  }
}

function useQuestionTexts(answer: Refused) {
  const { t } = useTranslation();
  const format = useFormat();
  return answer.code === 'rejected'
    ? {
        title: t('admin:scan.rejectedTitle'),
        text: t('admin:scan.rejectedText', {
          date: answer.details.day ? format.date(answer.details.day) : '—',
          reason: answer.details.reason ?? '',
        }),
        action: t('admin:scan.reopenConfirm'),
      }
    : {
        title: t('admin:scan.unsentTitle'),
        text: t('admin:scan.unsentText'),
        action: t('admin:scan.unsentConfirm'),
      };
}

/** The question as a form in the page: what the volunteer sees before the scripts run, or without them. */
export function ScanQuestionForm({ answer }: { answer: Refused }) {
  const texts = useQuestionTexts(answer);
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={texts.title}
      data-testid="scan-question"
    >
      <Text size="sm">{texts.text}</Text>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="text" value={answer.text} />
        <input type="hidden" name="confirm" value="true" />
        <Group mt="sm">
          <Button type="submit" size="sm">
            {texts.action}
          </Button>
        </Group>
      </Form>
    </Alert>
  );
}

/** The question as a dialog, once the scripts run. */
export function ScanQuestionDialog({
  answer,
  opened,
  busy,
  onClose,
  onConfirm,
}: {
  answer: Refused;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const texts = useQuestionTexts(answer);
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onConfirm={onConfirm}
      title={texts.title}
      text={texts.text}
      action={texts.action}
      loading={busy}
      testId={answer.code === 'rejected' ? 'scan-rejected' : 'scan-unsent'}
    />
  );
}
