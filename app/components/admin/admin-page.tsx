/**
 * The frame of every admin page's content: error messages and invalid inputs in the darker red the forms use
 * (4.5:1 on white), on the whole page rather than inside each form; dialogs render outside the page and take
 * the same class.
 */
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import forms from '../forms/forms.module.css';

export const readableClass = forms.readable;

export function AdminPage({ children }: { children: ReactNode }) {
  return <Box className={readableClass}>{children}</Box>;
}
