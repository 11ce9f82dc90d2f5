/** The title (civilite): Mrs or Mr, as a radio group so that it has a label, an error and keyboard support. */
import { Group, Radio, type RadioGroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CIVILITES } from '../../../domain/schemas/common.ts';

/** The group's id goes to its first choice, so that a link to the field (an error summary's) focuses a control. */
export function CiviliteControl({ id, ...props }: Omit<RadioGroupProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Radio.Group {...props}>
      <Group gap="lg" mt={6}>
        {CIVILITES.map((civilite, index) => (
          <Radio
            key={civilite}
            id={index === 0 ? id : undefined}
            value={civilite}
            label={t(`validation:form_civilite_${civilite}`)}
          />
        ))}
      </Group>
    </Radio.Group>
  );
}
