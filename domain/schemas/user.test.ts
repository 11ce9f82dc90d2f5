import { describe, expect, it } from 'vitest';

import { fieldErrors } from './common.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordField,
  profileUpdateSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  signupSchema,
} from './user.ts';

const user = {
  civilite: 'mme',
  nom: ' Dupont ',
  prenom: 'Marie',
  date_naissance: '1985-03-14',
  tel: '06 12 34 56 78',
  adresse: '1 place de la Mairie',
  complement: '',
  cp: '84410',
  ville: 'Bédoin',
  pays: 'fr',
  nationalite: 'be',
  email: ' Marie.Dupont@Example.fr ',
};
const signup = { ...user, password: 'Ventoux1', password_confirmation: 'Ventoux1' };

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.error ? fieldErrors(result.error) : {};
}

describe('signupSchema', () => {
  it('accepts a complete sign-up, trimmed and with the email lowercased', () => {
    const parsed = signupSchema.parse(signup);
    expect(parsed.nom).toBe('Dupont');
    expect(parsed.email).toBe('marie.dupont@example.fr');
    expect(parsed.complement).toBe('');
  });

  it('treats complement as optional', () => {
    const { complement: _complement, ...withoutComplement } = signup;
    expect(signupSchema.parse(withoutComplement).complement).toBe('');
  });

  it('reports every missing field at once, with its key', () => {
    expect(errorsOf(signupSchema.safeParse({ pays: null, nationalite: null, date_naissance: null }))).toEqual(
      {
        civilite: 'validation:civilite_required',
        nom: 'validation:nom_required',
        prenom: 'validation:prenom_required',
        date_naissance: 'validation:date_naissance_required',
        tel: 'validation:phone_invalid',
        adresse: 'validation:adresse_required',
        cp: 'validation:cp_invalid',
        ville: 'validation:ville_required',
        pays: 'validation:pays_required',
        nationalite: 'validation:nationalite_required',
        email: 'validation:email_invalid',
        password: 'validation:password_rules',
        password_confirmation: 'validation:password_mismatch',
      },
    );
  });

  it('checks the phone and the postal code for the country, even when other fields fail', () => {
    const errors = errorsOf(signupSchema.safeParse({ ...signup, nom: '', tel: '0470 12 34', cp: '8441' }));
    expect(errors).toEqual({
      nom: 'validation:nom_required',
      tel: 'validation:phone_invalid',
      cp: 'validation:cp_invalid',
    });
  });

  it('judges the phone and postal code by the country of residence', () => {
    expect(signupSchema.safeParse({ ...signup, pays: 'be', tel: '0470 12 34 56', cp: '1000' }).success).toBe(
      true,
    );
    expect(errorsOf(signupSchema.safeParse({ ...signup, pays: 'be' }))).toEqual({
      tel: 'validation:phone_invalid',
      cp: 'validation:cp_invalid',
    });
    expect(
      signupSchema.safeParse({ ...signup, pays: 'be', tel: '+33 6 12 34 56 78', cp: '1000' }).success,
    ).toBe(true);
  });

  it('wants a title among mme and m', () => {
    expect(signupSchema.safeParse({ ...signup, civilite: 'm' }).success).toBe(true);
    expect(errorsOf(signupSchema.safeParse({ ...signup, civilite: 'mlle' }))).toEqual({
      civilite: 'validation:civilite_required',
    });
  });

  it('wants a plausible date of birth', () => {
    for (const date_naissance of ['2999-01-01', '1850-01-01', '1985-02-30', '14/03/1985']) {
      expect(errorsOf(signupSchema.safeParse({ ...signup, date_naissance }))).toEqual({
        date_naissance: 'validation:date_naissance_invalid',
      });
    }
  });

  it('refuses overlong texts', () => {
    expect(errorsOf(signupSchema.safeParse({ ...signup, nom: 'x'.repeat(101) }))).toEqual({
      nom: 'validation:too_long',
    });
    expect(signupSchema.safeParse({ ...signup, adresse: 'x'.repeat(200) }).success).toBe(true);
  });

  it('says when the passwords do not match', () => {
    expect(errorsOf(signupSchema.safeParse({ ...signup, password_confirmation: 'Ventoux2' }))).toEqual({
      password_confirmation: 'validation:password_mismatch',
    });
  });
});

describe('passwordField', () => {
  it.each(['Abcde1', 'Ventoux1910', 'Étape9x', 'MOT de passe 2'])('accepts %j', (password) => {
    expect(passwordField().safeParse(password).success).toBe(true);
  });

  it.each(['Abc1', 'abcdef1', 'ABCDEF1', 'Abcdefg', '', 'A'.repeat(300) + 'a1'])('refuses %j', (password) => {
    expect(passwordField().safeParse(password).error?.issues[0]?.message).toBe('validation:password_rules');
  });
});

describe('profileUpdateSchema', () => {
  it('takes the user fields without any password', () => {
    const parsed = profileUpdateSchema.parse({ ...user, password: 'ignored' });
    expect(parsed).not.toHaveProperty('password');
    expect(parsed.email).toBe('marie.dupont@example.fr');
  });

  it('checks the phone for the country', () => {
    expect(errorsOf(profileUpdateSchema.safeParse({ ...user, tel: '12' }))).toEqual({
      tel: 'validation:phone_invalid',
    });
  });
});

describe('loginSchema', () => {
  it('takes an email and any non-empty password', () => {
    expect(loginSchema.parse({ email: 'A@B.fr', password: 'old' })).toEqual({
      email: 'a@b.fr',
      password: 'old',
    });
    expect(errorsOf(loginSchema.safeParse({ email: 'x', password: '' }))).toEqual({
      email: 'validation:email_invalid',
      password: 'validation:password_required',
    });
  });
});

describe('changePasswordSchema', () => {
  it('wants the current password, a valid new one and the same confirmation', () => {
    expect(
      changePasswordSchema.safeParse({
        current_password: 'x',
        password: 'Ventoux1',
        password_confirmation: 'Ventoux1',
      }).success,
    ).toBe(true);
    expect(
      errorsOf(
        changePasswordSchema.safeParse({
          current_password: '',
          password: 'weak',
          password_confirmation: 'x',
        }),
      ),
    ).toEqual({
      current_password: 'validation:current_password_required',
      password: 'validation:password_rules',
      password_confirmation: 'validation:password_mismatch',
    });
  });
});

describe('forgotPasswordSchema', () => {
  it('defaults the language to gb', () => {
    expect(forgotPasswordSchema.parse({ email: 'a@b.fr' })).toEqual({ email: 'a@b.fr', lang: 'gb' });
    expect(forgotPasswordSchema.parse({ email: 'a@b.fr', lang: 'it' }).lang).toBe('it');
  });

  it('refuses an unknown language', () => {
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: 'a@b.fr', lang: 'en' }))).toEqual({
      lang: 'validation:generic',
    });
  });
});

describe('reset password', () => {
  it('the API takes the new password only', () => {
    expect(resetPasswordSchema.parse({ password: 'Ventoux1' })).toEqual({ password: 'Ventoux1' });
    expect(errorsOf(resetPasswordSchema.safeParse({ password: 'weak' }))).toEqual({
      password: 'validation:password_rules',
    });
  });

  it('the form also wants the confirmation', () => {
    expect(
      resetPasswordFormSchema.safeParse({ password: 'Ventoux1', password_confirmation: 'Ventoux1' }).success,
    ).toBe(true);
    expect(
      errorsOf(resetPasswordFormSchema.safeParse({ password: 'Ventoux1', password_confirmation: '' })),
    ).toEqual({
      password_confirmation: 'validation:password_mismatch',
    });
  });
});
