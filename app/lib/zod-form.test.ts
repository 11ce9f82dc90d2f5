import { describe, expect, it, vi } from 'vitest';
import { loginSchema, signupSchema } from '../../domain/schemas/user.ts';
import { ApiError } from './api/client.ts';
import { apiFieldErrors, applyApiError, hasErrors, topFormMessage, zodFormErrors } from './zod-form.ts';

const validSignup = {
  civilite: 'mme',
  nom: 'Martin',
  prenom: 'Claire',
  date_naissance: '1985-04-12',
  tel: '06 12 34 56 78',
  adresse: '12 route du Mont Ventoux',
  complement: '',
  cp: '84410',
  ville: 'Bédoin',
  pays: 'fr',
  nationalite: 'fr',
  email: 'claire@example.org',
  password: 'Ventoux1910',
  password_confirmation: 'Ventoux1910',
};

describe('zodFormErrors', () => {
  const validate = zodFormErrors(signupSchema);

  it('answers no error for valid values', () => {
    expect(validate(validSignup)).toEqual({});
  });

  it('answers every field error at once, as message keys', () => {
    const errors = validate({ ...validSignup, civilite: '', nom: ' ', email: 'nope', password: 'short' });
    expect(errors).toMatchObject({
      civilite: 'validation:civilite_required',
      nom: 'validation:nom_required',
      email: 'validation:email_invalid',
      password: 'validation:password_rules',
      password_confirmation: 'validation:password_mismatch',
    });
  });

  it('checks the phone and postal code against the chosen country', () => {
    expect(validate({ ...validSignup, tel: '123', cp: 'ABC' })).toEqual({
      tel: 'validation:phone_invalid',
      cp: 'validation:cp_invalid',
    });
  });

  it('reports empty form values with their required messages', () => {
    expect(zodFormErrors(loginSchema)({ email: '', password: '' })).toEqual({
      email: 'validation:email_invalid',
      password: 'validation:password_required',
    });
  });
});

describe('apiFieldErrors', () => {
  it('keeps the fields of the form and drops the rest', () => {
    const error = new ApiError(400, 'validation', 'Invalid input', {
      fields: { tel: 'validation:phone_invalid', _form: 'validation:generic', secret: 'validation:generic' },
    });
    expect(apiFieldErrors(error, ['tel', 'email'])).toEqual({ tel: 'validation:phone_invalid' });
  });
});

describe('hasErrors', () => {
  it('ignores cleared entries', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ nom: null, prenom: undefined })).toBe(false);
    expect(hasErrors({ nom: 'validation:nom_required' })).toBe(true);
  });
});

describe('topFormMessage', () => {
  it('prefers the message set after submitting, else the generic one while a field shows an error', () => {
    const refused = { key: 'validation:rate_limited', values: { seconds: 30 } };
    expect(topFormMessage(refused, { email: 'validation:email' })).toBe(refused);
    expect(topFormMessage(null, { email: 'validation:email' })).toEqual({ key: 'validation:generic' });
    expect(topFormMessage(null, { email: null })).toBeNull();
  });
});

describe('applyApiError', () => {
  const setup = () => ({ form: { setErrors: vi.fn() }, focus: vi.fn() });

  it('puts field errors on the form, focuses them and leaves the top to the generic message', () => {
    const { form, focus } = setup();
    const error = new ApiError(400, 'validation', 'Invalid input', {
      fields: { tel: 'validation:phone_invalid' },
    });
    expect(applyApiError(form, error, { fields: ['tel'], focus })).toBeNull();
    expect(form.setErrors).toHaveBeenCalledWith({ tel: 'validation:phone_invalid' });
    expect(focus).toHaveBeenCalledWith({ tel: 'validation:phone_invalid' });
  });

  it('shows a code answered without fields at the field it concerns', () => {
    const { form, focus } = setup();
    const error = new ApiError(409, 'email_taken', 'This email address is already used');
    const message = applyApiError(form, error, {
      fields: ['email'],
      focus,
      codeFields: { email_taken: 'email' },
    });
    expect(message).toBeNull();
    expect(form.setErrors).toHaveBeenCalledWith({ email: 'validation:email_taken' });
  });

  it('answers the code message when no field explains the error', () => {
    const { form, focus } = setup();
    const error = new ApiError(401, 'invalid_credentials', 'Incorrect email address or password');
    expect(applyApiError(form, error, { fields: ['email'], focus })).toEqual({
      key: 'validation:invalid_credentials',
    });
    expect(form.setErrors).not.toHaveBeenCalled();
    expect(focus).not.toHaveBeenCalled();
  });

  it('gives the waiting time of a rate limit', () => {
    const { form, focus } = setup();
    const error = new ApiError(429, 'rate_limited', 'Too many attempts', { retryAfter: 42 });
    expect(applyApiError(form, error, { fields: [], focus })).toEqual({
      key: 'validation:rate_limited',
      values: { seconds: 42 },
    });
  });

  it('answers the unexpected-error message for anything that is not an API error', () => {
    const { form, focus } = setup();
    expect(applyApiError(form, new TypeError('boom'), { fields: [], focus })).toEqual({
      key: 'validation:internal',
    });
  });
});
