import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFrom, apiRequest, errorMessageKey, parseRetryAfter, request } from './client.ts';

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

describe('request', () => {
  it('adds extra headers to a JSON body', async () => {
    const fetchMock = stubFetch(json(201, { id: 3 }));
    await request('POST', '/api/orders?lang=fr', { json: { a: 1 }, headers: { 'idempotency-key': 'k' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/orders?lang=fr', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': 'k' },
      body: '{"a":1}',
    });
  });

  it('sends raw bytes with their type, and keepalive when asked', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await request('PUT', '/api/orders/draft', {
      body: '{"candidats":[]}',
      contentType: 'application/json',
      keepalive: true,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/draft', {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{"candidats":[]}',
    });
  });

  it('answers the bytes of a PDF, and the API error of a failed one', async () => {
    stubFetch(new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const blob = await request<Blob>('POST', '/api/admin/candidates/labels', {
      json: { ids: [1] },
      answer: 'blob',
    });
    expect(await blob.text()).toBe('%PDF-1.7');

    stubFetch(json(404, { error: { code: 'not_found', message: 'No such candidate' } }));
    await expect(
      request('POST', '/api/admin/candidates/labels', { json: { ids: [9] }, answer: 'blob' }),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
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
