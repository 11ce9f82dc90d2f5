/**
 * The summary at the top of a refused form (GOV.UK's error summary): what went wrong as a whole, then a link to
 * each field at fault, named with the field's label (the message itself stays beside its field, said once). It takes the focus when it appears: through `autofocus` in
 * the server's page after a post without scripts (which comes back at its top), and when the form's checks or the
 * action's answer show it once the scripts run (useZodForm's focusErrors looks for it first). A link moves the
 * focus to its field (the browser does so for `#id` by itself; with scripts, a group's first control is taken).
 */
import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERIC_MESSAGE } from '../../../domain/schemas/common.ts';
import type { FormMessage } from '../../lib/zod-form.ts';
import { summaryItems } from './error-summary-items.ts';

/** Marks the summary, for focusErrors. */
export const ERROR_SUMMARY_ATTRIBUTE = 'data-error-summary';

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select, textarea, button, [tabindex]';

/** Focuses the field a link names, or the first control inside it (a radio group's wrapper). */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const control = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  (control ?? target).scrollIntoView({ block: 'center' });
  (control ?? target).focus({ preventScroll: true });
}

export function ErrorSummary({
  errors,
  message,
  labels,
  label,
  order,
  scope,
  testId = 'error-summary',
}: {
  /** The field errors shown (message keys by path). */
  errors: Record<string, unknown>;
  /** The message at the top: the generic one while fields are at fault, or a refusal no field explains. */
  message: FormMessage | null | undefined;
  /** The label key of each field the form shows, in the form's order: the same keys the fields show. */
  labels?: Record<string, string>;
  /** For paths `labels` does not name (a list's fields): the label as the form shows it (translated), or null. */
  label?: (path: string) => string | null | undefined;
  /** The fields in the form's order, when the errors may come in another (else the order of `labels`). */
  order?: readonly string[];
  /** The form's id scope, when its page holds another form with the same fields (fieldId). */
  scope?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const labelOf = (path: string) => {
    const key = labels?.[path];
    return key ? t(key) : (label?.(path) ?? null);
  };
  const items = summaryItems(errors, labelOf, order ?? Object.keys(labels ?? {}), scope);
  if (!message && items.length === 0) return null;
  const heading = message ?? { key: GENERIC_MESSAGE };
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      tabIndex={-1}
      autoFocus
      {...{ [ERROR_SUMMARY_ATTRIBUTE]: '' }}
      icon={<IconAlertCircle aria-hidden />}
      data-testid={testId}
    >
      <p style={{ margin: 0, fontWeight: items.length > 0 ? 700 : undefined }}>
        {t(heading.key, heading.values ?? {})}
      </p>
      {items.length > 0 && (
        <List size="sm" mt="xs" spacing={4}>
          {items.map((item) => (
            <List.Item key={item.path}>
              <a href={item.href} onClick={focusField} style={{ color: 'inherit' }}>
                {item.label}
              </a>
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
