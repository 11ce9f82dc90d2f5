import { describe, expect, it } from 'vitest';
import * as z from 'zod';

import {
  FORM_ERROR_PATH,
  ID_OUT_OF_RANGE,
  INVALID_CHARACTERS,
  MAX_DATABASE_ID,
  birthDateField,
  calendarDateField,
  countryField,
  emailField,
  fieldErrors,
  idField,
  idParam,
  optionalText,
  pagingQuery,
  requiredText,
  text,
} from './common.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('text', () => {
  it('accepts any well-formed text, emoji and accents included', () => {
    expect(text().parse('Émile 🚴 Mont-Ventoux')).toBe('Émile 🚴 Mont-Ventoux');
  });

  it.each(['\u0000', 'Mar\u0000tin', '\ud800', 'Ventoux\udfff', '\ude00\ud83d'])(
    'refuses NUL and lone surrogates (%j) with one localized message',
    (value) => {
      expect(messagesOf(text().safeParse(value))).toEqual([INVALID_CHARACTERS]);
      expect(messagesOf(requiredText('validation:nom_required').safeParse(value))).toEqual([
        INVALID_CHARACTERS,
      ]);
      expect(messagesOf(emailField().safeParse(value))).toEqual([INVALID_CHARACTERS]);
    },
  );

  it('says the type message for a value that is not text', () => {
    expect(messagesOf(text('validation:nom_required').safeParse(42))).toEqual(['validation:nom_required']);
  });
});

describe('ids', () => {
  it('accept whole numbers from 1 to the largest PostgreSQL integer', () => {
    expect(idField().parse(1)).toBe(1);
    expect(idField().parse(MAX_DATABASE_ID)).toBe(MAX_DATABASE_ID);
    expect(idParam().parse('42')).toBe(42);
  });

  it.each([MAX_DATABASE_ID + 1, 2 ** 53 + 2, 1e300])(
    'mark %d as out of range (the API answers 404)',
    (id) => {
      expect(messagesOf(idField().safeParse(id))).toEqual([ID_OUT_OF_RANGE]);
      expect(messagesOf(idParam().safeParse(String(BigInt(id))))).toEqual([ID_OUT_OF_RANGE]);
    },
  );

  it.each([0, -1, 1.5, '1', null])('refuse %j in a body as invalid', (id) => {
    expect(messagesOf(idField().safeParse(id))).toEqual(['validation:generic']);
  });

  it.each(['0', '-1', '1.5', '0x10', ' 12', '1e3', '', 'abc', '\u0000'])(
    'refuse %j in a path as invalid',
    (id) => {
      expect(messagesOf(idParam().safeParse(id))).toEqual(['validation:generic']);
    },
  );
});

describe('requiredText', () => {
  const schema = requiredText('validation:nom_required', 5);

  it('trims', () => {
    expect(schema.parse('  Ada ')).toBe('Ada');
  });

  it('answers the given key when missing or blank, too_long when too long', () => {
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('validation:nom_required');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('validation:nom_required');
    expect(schema.safeParse(null).error?.issues[0]?.message).toBe('validation:nom_required');
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe('validation:too_long');
  });
});

describe('optionalText', () => {
  it("reads missing, null and blank as ''", () => {
    const schema = optionalText(10);
    expect(schema.parse(undefined)).toBe('');
    expect(schema.parse(null)).toBe('');
    expect(schema.parse('  ')).toBe('');
    expect(schema.parse(' Bât. B ')).toBe('Bât. B');
    expect(schema.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('validation:too_long');
  });
});

describe('countryField', () => {
  const schema = countryField('validation:pays_required');

  it('accepts known codes, in any case', () => {
    expect(schema.parse('fr')).toBe('fr');
    expect(schema.parse(' BE ')).toBe('be');
  });

  it('refuses unknown codes and null', () => {
    for (const value of ['zz', 'france', '', null, undefined]) {
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe('validation:pays_required');
    }
  });
});

describe('calendarDateField and birthDateField', () => {
  it('distinguishes missing from invalid', () => {
    const schema = calendarDateField('validation:date_livraison_required', 'validation:generic');
    expect(schema.parse('2025-07-01')).toBe('2025-07-01');
    expect(schema.safeParse(null).error?.issues.map((issue) => issue.message)).toEqual([
      'validation:date_livraison_required',
    ]);
    expect(schema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'validation:date_livraison_required',
    ]);
    expect(schema.safeParse('2025-02-30').error?.issues.map((issue) => issue.message)).toEqual([
      'validation:generic',
    ]);
  });

  it('wants a birth date in the past and not before 1900', () => {
    const schema = birthDateField();
    expect(schema.parse('1980-04-12')).toBe('1980-04-12');
    expect(schema.parse('1900-01-01')).toBe('1900-01-01');
    expect(schema.safeParse('1899-12-31').error?.issues[0]?.message).toBe(
      'validation:date_naissance_invalid',
    );
    expect(schema.safeParse('2999-01-01').error?.issues[0]?.message).toBe(
      'validation:date_naissance_invalid',
    );
    expect(schema.safeParse('1980-13-01').error?.issues[0]?.message).toBe(
      'validation:date_naissance_invalid',
    );
    expect(schema.safeParse(null).error?.issues[0]?.message).toBe('validation:date_naissance_required');
  });
});

describe('emailField', () => {
  const schema = emailField();

  it('trims and lowercases', () => {
    expect(schema.parse('  Jean.Dupont@Example.FR ')).toBe('jean.dupont@example.fr');
  });

  it('refuses invalid and overlong addresses', () => {
    for (const value of ['', 'jean', 'jean@', '@example.fr', 'jean@example', 'a b@example.fr', null]) {
      expect(schema.safeParse(value).error?.issues[0]?.message, String(value)).toBe(
        'validation:email_invalid',
      );
    }
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.fr`;
    expect(long.length).toBeGreaterThan(254);
    expect(schema.safeParse(long).error?.issues[0]?.message).toBe('validation:email_invalid');
  });
});

describe('pagingQuery', () => {
  it('defaults to the first page of 25', () => {
    expect(pagingQuery.parse({})).toEqual({ page: 1, pageSize: 25 });
  });

  it('reads query-string values', () => {
    expect(pagingQuery.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
    expect(pagingQuery.parse({ page: 2, pageSize: 100 })).toEqual({ page: 2, pageSize: 100 });
  });

  it('refuses pages below 1, fractions and sizes not offered', () => {
    for (const query of [
      { page: '0' },
      { page: '-1' },
      { page: '1.5' },
      { page: 'x' },
      { pageSize: '7' },
      { pageSize: '1000' },
    ]) {
      const result = pagingQuery.safeParse(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation:generic');
    }
  });
});

describe('fieldErrors', () => {
  const schema = z.object({
    nom: z.string().min(1, 'validation:nom_required'),
    candidats: z.array(
      z.object({ email: z.string().min(3, 'validation:email_invalid').min(5, 'validation:other') }),
    ),
    free: z.string(),
  });

  it('maps dotted paths to the first message key', () => {
    const result = schema.safeParse({
      nom: '',
      candidats: [{ email: 'ok@x.fr' }, { email: 'a' }],
      free: 'x',
    });
    expect(fieldErrors(result.error!)).toEqual({
      nom: 'validation:nom_required',
      'candidats.1.email': 'validation:email_invalid',
    });
  });

  it('replaces zod default messages by the generic key', () => {
    const result = schema.safeParse({ nom: 'x', candidats: [], free: 42 });
    expect(fieldErrors(result.error!)).toEqual({ free: 'validation:generic' });
  });

  it('puts form-level errors under _form', () => {
    const result = z
      .object({ a: z.string() })
      .refine(() => false, 'validation:generic')
      .safeParse({ a: 'x' });
    expect(fieldErrors(result.error!)).toEqual({ [FORM_ERROR_PATH]: 'validation:generic' });
  });
});
