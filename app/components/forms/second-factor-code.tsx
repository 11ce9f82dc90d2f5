/**
 * The field for a second factor's code: six digits from the authenticator app, or a recovery code. Large, with the
 * browser's one-time-code autofill; letters are allowed, since recovery codes have them.
 */
import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

export const CODE_LABEL = 'auth:secondFactor.codeLabel';

/** `texts` names the label and help in the page's own namespace (the back office's pages do not load `auth`). */
export function SecondFactorCodeField({
  texts = { label: CODE_LABEL, help: 'auth:secondFactor.codeHelp' },
  ...props
}: Omit<ComponentProps<typeof TextInput>, 'name' | 'label'> & { texts?: { label: string; help: string } }) {
  const { t } = useTranslation();
  return (
    <TextInput
      name="code"
      label={t(texts.label)}
      description={t(texts.help)}
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
