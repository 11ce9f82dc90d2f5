/** A section of the account page's profile tab below the form: a heading, a short explanation, then its controls. */
import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export function AccountSection({
  heading,
  intro,
  id,
  testId,
  children,
}: {
  heading: string;
  intro: string;
  /** An anchor other pages link to. */
  id?: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack
      gap="sm"
      mt="xl"
      maw={640}
      component="section"
      id={id}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <Title order={2} size="h4" id={headingId}>
        {heading}
      </Title>
      <Text size="sm" c="gray.7">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}
