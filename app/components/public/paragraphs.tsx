/** Paragraphs kept as an array in a catalogue (`"paragraphs": [...]`), one <p> each. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function useTextList(key: string, values: Record<string, unknown> = {}): string[] {
  const { t } = useTranslation();
  const list = t(key, { returnObjects: true, ...values });
  return Array.isArray(list) ? (list as string[]) : [];
}

export function Paragraphs({ i18nKey }: { i18nKey: string }) {
  return (
    <>
      {useTextList(i18nKey).map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
    </>
  );
}
