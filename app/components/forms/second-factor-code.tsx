/**
 * The field for a second factor's code: six digits from the authenticator app, or a recovery code. Large, with the
 * browser's one-time-code autofill; letters are allowed, since recovery codes have them.
 */
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_LABEL = 'auth:secondFactor.codeLabel';

export function SecondFactorCodeField(props: Omit<ComponentProps<typeof TextInput>, 'name' | 'label'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      name="code"
      label={t(CODE_LABEL)}
      description={t('auth:secondFactor.codeHelp')}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      size="lg"
      maxLength={32}
      required
      {...props}
    />
  );
}
