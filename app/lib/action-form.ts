/**
 * A form that works before its scripts (decision 0032): it posts to its page's action like any HTML form, and the
 * page shows the action's refusal with what was typed. Once the scripts run, the same form checks its fields as
 * they are typed (useZodForm) and posts without leaving the page; a refusal lands on the same fields.
 */
import type { FormErrors } from '@mantine/form';
import { type FormEvent, type RefObject, useEffect } from 'react';
import { useActionData, useNavigation } from 'react-router';
import type * as z from 'zod';
import { isFormRefusal } from './form-refusal.ts';
import { type FormMessage, topFormMessage, useZodForm } from './zod-form.ts';

/** The value at a dotted path (`candidats.0.nom`) of a form's values. */
function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], values);
}

/**
 * Values typed before the scripts ran are in the page's inputs, not in the form's state: once the scripts take over
 * the page, each named input whose value differs from the state is taken into it (text, a native select, a radio
 * chosen, a box ticked), so that nothing typed on a slow phone is lost.
 */
export function useAdoptTypedValues(
  ref: RefObject<HTMLFormElement | null>,
  form: { getValues: () => unknown; setFieldValue: (path: never, value: never) => void },
) {
  useEffect(() => {
    const inputs = ref.current?.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input[name], select[name], textarea[name]',
    );
    const values = form.getValues();
    for (const input of inputs ?? []) {
      const { name, type } = input;
      if (type === 'hidden' || type === 'submit') continue;
      const current = valueAt(values, name);
      const checkable = input instanceof HTMLInputElement && (type === 'checkbox' || type === 'radio');
      let typed: unknown;
      if (checkable && type === 'checkbox') typed = input.checked;
      else if (checkable) {
        if (!input.checked) continue;
        typed = input.value;
      } else typed = input.value;
      if (current === undefined || typed === current || (typed === '' && !checkable)) continue;
      form.setFieldValue(name as never, typed as never);
    }
    // Once, when the scripts take over the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * `intent` names the form among several posting to the same page (a hidden field `intent`): only the answers to
 * that form are its own.
 */
export function useActionForm<Values extends Record<string, string>>(
  schema: z.ZodType,
  blank: Values,
  options: { intent?: string } = {},
) {
  const data: unknown = useActionData();
  const answer =
    options.intent && (data as { intent?: unknown } | undefined)?.intent !== options.intent
      ? undefined
      : data;
  const refusal = isFormRefusal(answer) ? answer : undefined;
  const navigation = useNavigation();
  // The server's page shows the refusal's errors at once; so does the first browser render (same markup).
  const { form, ref, focusErrors } = useZodForm<Values>(
    schema,
    { ...blank, ...refusal?.values } as Values,
    refusal?.fields,
    // Each form of a page has its own intent: its fields' ids are scoped by it.
    options.intent ?? '',
  );

  useAdoptTypedValues(ref, form);

  // A refusal answered to the enhanced form: its errors go on the fields, focus on the first.
  useEffect(() => {
    if (!refusal) return;
    form.setErrors(refusal.fields);
    focusErrors(refusal.fields as FormErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal]);

  /** Checks the fields first; an invalid form is not posted, its first invalid field takes the focus. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const { hasErrors: invalid, errors } = form.validate();
    if (invalid) {
      event.preventDefault();
      focusErrors(errors);
    }
  };

  const message: FormMessage | null = topFormMessage(refusal?.message ?? null, form.errors);
  const submitting =
    navigation.state !== 'idle' &&
    navigation.formMethod?.toUpperCase() === 'POST' &&
    (!options.intent || navigation.formData?.get('intent') === options.intent);
  return { form, ref, onSubmit, message, submitting, answer };
}
