import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFrom, apiRequest, errorMessageKey, parseRetryAfter } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('apiRequest', () => {
  it('sends JSON with the session cookie and answers the parsed body', async () => {
    const fetchMock = stubFetch(json(201, { id: 7 }));
    await expect(apiRequest('POST', '/api/signup?lang=gb', { nom: 'Martin' })).resolves.toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledWith('/api/signup?lang=gb', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"nom":"Martin"}',
    });
  });

  it('answers undefined for 204 and sends no content type without a body', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: undefined,
    });
  });

  it('throws an ApiError with the code, field errors and Retry-After', async () => {
    stubFetch(
      json(
        400,
        {
          error: {
            code: 'validation',
            message: 'Invalid input',
            fields: { tel: 'validation:phone_invalid' },
          },
        },
        { 'retry-after': '12' },
      ),
    );
    const error = await apiRequest('PUT', '/api/me', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      fields: { tel: 'validation:phone_invalid' },
      retryAfter: 12,
    });
  });

  it('turns a network failure into the network_error code', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/api/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('copes with an answer that is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('GET', '/api/me')).rejects.toMatchObject({ status: 502, code: 'internal' });
  });
});

describe('apiErrorFrom', () => {
  it('ignores malformed field errors', () => {
    const error = apiErrorFrom(400, { error: { code: 'validation', fields: { tel: 3 } } }, new Headers());
    expect(error.fields).toEqual({});
    expect(error.message).toBe('HTTP 400');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('30')).toBe(30);
    const now = Date.parse('2025-06-01T10:00:00Z');
    expect(parseRetryAfter('Sun, 01 Jun 2025 10:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('errorMessageKey', () => {
  it('maps codes to the validation texts', () => {
    expect(errorMessageKey(new ApiError(401, 'invalid_credentials', ''))).toBe(
      'validation:invalid_credentials',
    );
    expect(errorMessageKey(new ApiError(400, 'validation', ''))).toBe('validation:generic');
    expect(errorMessageKey(new ApiError(0, 'network_error', ''))).toBe('validation:network_error');
    expect(errorMessageKey(new ApiError(418, 'teapot', ''))).toBe('validation:internal');
    expect(errorMessageKey(new Error('boom'))).toBe('validation:internal');
  });
});
