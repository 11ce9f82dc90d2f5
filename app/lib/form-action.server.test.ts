import { describe, expect, it } from 'vitest';
import { loginSchema } from '../../domain/schemas/user.ts';
import { parseForm, readForm, serviceRefusal } from './form-action.server.ts';

const post = (
  body: BodyInit,
  type = 'application/x-www-form-urlencoded',
  headers: Record<string, string> = {},
) =>
  new Request('http://localhost/fr/login', {
    method: 'POST',
    body,
    headers: { 'content-type': type, ...headers },
  });

/** What a thrown `data(...)` or a returned one carries. */
const statusOf = (value: unknown) => (value as { init?: { status?: number } }).init?.status;

async function refusedWith(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return statusOf(thrown);
  }
  throw new Error('not refused');
}

describe('readForm', () => {
  it('reads an urlencoded or multipart form as text values', async () => {
    expect(await readForm(post('email=a%40b.fr&password=x+y'))).toEqual({ email: 'a@b.fr', password: 'x y' });
    const form = new FormData();
    form.set('email', 'a@b.fr');
    form.set('file', new Blob(['ignored']), 'ride.gpx');
    expect(await readForm(new Request('http://localhost/', { method: 'POST', body: form }))).toEqual({
      email: 'a@b.fr',
    });
  });

  it('refuses another type (415), a body too large (413), announced or not, and a broken multipart (400)', async () => {
    expect(await refusedWith(readForm(post('{}', 'application/json')))).toBe(415);
    const large = 'a'.repeat(70_000);
    expect(await refusedWith(readForm(post(`email=${large}`)))).toBe(413);
    const unannounced = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`email=${large}`));
        controller.close();
      },
    });
    expect(
      await refusedWith(
        readForm(
          new Request('http://localhost/', {
            method: 'POST',
            body: unannounced,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            duplex: 'half',
          } as RequestInit),
        ),
      ),
    ).toBe(413);
    expect(await refusedWith(readForm(post('garbage', 'multipart/form-data; boundary=x')))).toBe(400);
  });
});

describe('parseForm', () => {
  it('answers the parsed input, or a 400 with the field errors and the values less the secrets', () => {
    expect(parseForm(loginSchema, { email: 'A@B.fr ', password: 'x' })).toEqual({
      input: { email: 'a@b.fr', password: 'x' },
    });
    const parsed = parseForm(loginSchema, { email: 'nope', password: 'secret' }, ['password']);
    expect('refusal' in parsed && parsed.refusal).toMatchObject({
      data: { fields: { email: 'validation:email_invalid' }, values: { email: 'nope' } },
      init: { status: 400 },
    });
  });
});

describe('serviceRefusal', () => {
  const values = { email: 'a@b.fr', password: 'secret' };

  it('shows a refusal without fields at the top of the form, never the password', () => {
    const refusal = serviceRefusal({ statusCode: 401, code: 'invalid_credentials' }, values, {
      secrets: ['password'],
    });
    expect(refusal).toMatchObject({
      data: { fields: {}, message: { key: 'validation:invalid_credentials' }, values: { email: 'a@b.fr' } },
      init: { status: 401 },
    });
  });

  it('says how long to wait when limited, and puts field errors beside their fields', () => {
    expect(
      serviceRefusal({ statusCode: 429, code: 'rate_limited', headers: { 'retry-after': '42' } }, values).data
        .message,
    ).toEqual({ key: 'validation:rate_limited', values: { seconds: 42 } });
    expect(
      serviceRefusal({ statusCode: 409, code: 'email_taken' }, values, {
        codeFields: { email_taken: 'email' },
      }).data,
    ).toMatchObject({ fields: { email: 'validation:email_taken' }, message: null });
  });

  it('rethrows what is not a refusal: the error boundary answers it without details', () => {
    expect(() => serviceRefusal(new Error('database down'), values)).toThrow('database down');
    expect(() => serviceRefusal({ statusCode: 502, code: 'provider_error' }, values)).toThrow();
  });
});
