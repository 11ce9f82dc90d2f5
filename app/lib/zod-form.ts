/**
 * @mantine/form driven by the shared zod schemas: the same rules as the API, errors kept as message keys of the
 * `validation` namespace (translated when shown), the API's field errors put on the same fields, and focus moved
 * to the first invalid field after a failed submit.
 */
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { FORM_ERROR_PATH, GENERIC_MESSAGE, fieldErrors } from '../../domain/schemas/common.ts';
import { ERROR_SUMMARY_ATTRIBUTE } from '../components/forms/error-summary.tsx';
import { fieldId } from '../components/forms/error-summary-items.ts';
import { ApiError, errorMessageKey } from './api/client.ts';

/** A validate function for useForm: the schema's issues as `{ path: messageKey }`, first message per field. */
export function zodFormErrors(schema: z.ZodType): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error);
  };
}

/**
 * The field errors of an API answer that belong to this form's fields. Other paths (a form-level `_`, a field
 * the form does not show) are dropped: the message at the top of the form covers them.
 */
export function apiFieldErrors(error: ApiError, formFields: readonly string[]): FormErrors {
  const known = new Set(formFields);
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(error.fields)) {
    if (path !== FORM_ERROR_PATH && known.has(path)) errors[path] = message;
  }
  return errors;
}

/** The message for the top of a form: an i18n key and its values. */
export interface FormMessage {
  key: string;
  values?: Record<string, unknown>;
}

/**
 * Shows a failed API call on a form. Field errors go next to their fields (also `codeFields`: an error code the
 * API answers without fields, such as 409 `email_taken`, shown at one field) and focus moves to the first of
 * them; the generic message at the top then covers them, so null is answered. Otherwise the answer is the
 * message for the top of the form: the error code's text (rate limiting with its delay).
 */
export function applyApiError(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
  options: {
    fields: readonly string[];
    focus: (errors: FormErrors) => void;
    codeFields?: Record<string, string>;
  },
): FormMessage | null {
  if (!(error instanceof ApiError)) return { key: errorMessageKey(error) };
  const errors = apiFieldErrors(error, options.fields);
  const codeField = options.codeFields?.[error.code];
  if (codeField) errors[codeField] = errorMessageKey(error);
  if (hasErrors(errors)) {
    form.setErrors(errors);
    options.focus(errors);
    return null;
  }
  if (error.code === 'rate_limited') {
    return { key: 'validation:rate_limited', values: { seconds: error.retryAfter ?? 60 } };
  }
  return { key: errorMessageKey(error) };
}

/** Whether any error is shown, which is when the generic message goes at the top of the form. */
export function hasErrors(errors: FormErrors): boolean {
  return Object.values(errors).some((error) => error !== undefined && error !== null && error !== false);
}

/**
 * The message at the top of a form: the one set after submitting (a refusal of the server, for instance), else
 * the generic message while any field shows an error, else none.
 */
export function topFormMessage(message: FormMessage | null, errors: FormErrors): FormMessage | null {
  return message ?? (hasErrors(errors) ? { key: GENERIC_MESSAGE } : null);
}

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select, textarea, button, [tabindex]';

/**
 * Focuses the form's error summary when it shows one (it names and links every field at fault), else the first
 * invalid field in document order (not in the order of the errors object). Mantine puts
 * `data-path` on the element that receives the input props: the input itself, or the wrapper of a radio group,
 * in which case its first focusable element is taken.
 */
export function focusFirstInvalid(errors: FormErrors, root: ParentNode | null | undefined): void {
  if (!root) return;
  const summary = root.querySelector<HTMLElement>(`[${ERROR_SUMMARY_ATTRIBUTE}]`);
  if (summary) {
    summary.focus();
    return;
  }
  const nodes = Object.keys(errors)
    .filter((path) => errors[path])
    .map((path) => root.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`))
    .filter((node): node is HTMLElement => node !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = nodes[0];
  if (!first) return;
  const target = first.matches(FOCUSABLE) ? first : first.querySelector<HTMLElement>(FOCUSABLE);
  (target ?? first).focus();
}

export interface ZodForm<Values> {
  form: UseFormReturnType<Values>;
  /** For the `<form>` element: where the invalid fields are looked for. */
  ref: RefObject<HTMLFormElement | null>;
  /** Focuses the first of these invalid fields once they are rendered with their errors. */
  focusErrors: (errors: FormErrors) => void;
}

/**
 * useForm validated by `schema`, its error keys translated where the inputs show them (an unknown key shows the
 * generic message rather than a raw key). Focus moves after the render that shows the errors, so that a screen
 * reader announces the field with its error. A form with an error summary passes `idScope` ('' for the page's only
 * such form): its fields then carry the ids the summary's links name (fieldId); other forms keep Mantine's own.
 */
export function useZodForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  initialErrors?: FormErrors,
  idScope?: string,
): ZodForm<Values> {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ errors: FormErrors } | null>(null);
  useEffect(() => {
    if (focusRequest) focusFirstInvalid(focusRequest.errors, ref.current);
  }, [focusRequest]);
  const validate = useMemo(() => zodFormErrors(schema), [schema]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    initialErrors,
    validate,
    // A summary's form gives every field a stable id, which the summary's links name.
    enhanceGetInputProps: ({ inputProps, field }) => ({
      ...(idScope === undefined ? {} : { id: fieldId(field, idScope) }),
      ...(typeof inputProps.error === 'string'
        ? { error: t(inputProps.error, { defaultValue: t(GENERIC_MESSAGE) }) }
        : {}),
    }),
  });
  return { form, ref, focusErrors: (errors) => setFocusRequest({ errors }) };
}
