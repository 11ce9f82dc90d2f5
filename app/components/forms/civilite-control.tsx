/** The title (civilite): Mrs or Mr, as a radio group so that it has a label, an error and keyboard support. */
import { Group, Radio, type RadioGroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CIVILITES } from '../../../domain/schemas/common.ts';

export function CiviliteControl(props: Omit<RadioGroupProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Radio.Group {...props}>
      <Group gap="lg" mt={6}>
        {CIVILITES.map((civilite) => (
          <Radio key={civilite} value={civilite} label={t(`validation:form_civilite_${civilite}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
