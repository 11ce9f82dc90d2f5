/**
 * A light alert of the ordering pages (warnings, statements, outcomes). Its title is in the text colour: the
 * light variants' coloured titles (orange, green) fall below 4.5:1 contrast on their pale backgrounds.
 */
import { Alert, type AlertProps } from '@mantine/core';

const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

export function Notice(props: AlertProps & { 'data-testid'?: string }) {
  return <Alert variant="light" styles={READABLE_TITLE} {...props} />;
}
