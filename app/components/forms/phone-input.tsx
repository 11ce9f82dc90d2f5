/** A phone field (tel, portable): the right keyboard on phones, and an example number for the chosen country. */
import { TextInput, type TextInputProps } from '@mantine/core';
import { phoneExample } from './phone-example.ts';

export function PhoneInput({ country, ...props }: TextInputProps & { country?: string }) {
  return (
    <TextInput type="tel" inputMode="tel" autoComplete="tel" placeholder={phoneExample(country)} {...props} />
  );
}
