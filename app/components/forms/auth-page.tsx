/**
 * The frame the sign-in pages share (sign-in, sign-up, forgotten password, new password): a narrow column under the
 * page's heading, the form posted to the page's action (decision 0032) with its error summary on top, and the outcome that
 * takes the focus once it shows.
 */
import { Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Form } from 'react-router';
import type { FormMessage } from '../../lib/zod-form.ts';
import { PageIntro } from '../page-intro.tsx';
import { ErrorSummary } from './error-summary.tsx';
import forms from './forms.module.css';

/** The column and the heading (`{prefix}heading`, `{prefix}intro`, never indexed). */
export function AuthPage({
  prefix,
  width = 480,
  children,
}: {
  prefix: string;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Stack maw={width} mx="auto">
      <PageIntro prefix={prefix} noindex />
      {children}
    </Stack>
  );
}

/** The form, posted to the page's action; what useActionForm returns wires it. */
export function AuthForm({
  testId,
  formRef,
  onSubmit,
  message,
  errors,
  labels,
  gap = 'md',
  children,
}: {
  testId: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The refusal that belongs to no field. */
  message: FormMessage | null | undefined;
  /** The field errors shown, which the summary links to. */
  errors: Record<string, unknown>;
  /** The label key of each field, the same the field shows. */
  labels: Record<string, string>;
  gap?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className={forms.readable}
      data-testid={testId}
    >
      <Stack gap={gap}>
        <ErrorSummary errors={errors} message={message} labels={labels} />
        {children}
      </Stack>
    </Form>
  );
}

/** What the post came to (sent, created, done, a dead link): it takes the focus, so that it is read out at once. */
export function AuthOutcome({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1}>
      {children}
    </div>
  );
}
