/** Sends a GPS file as it is (the server recognises the format from its bytes) and answers the JSON reply. */
import { ApiError, NETWORK_ERROR, apiErrorFrom } from '../../lib/api-client.ts';

export async function uploadTrack<T>(path: string, file: Blob): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/octet-stream', accept: 'application/json' },
      body: file,
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR, cause instanceof Error ? cause.message : 'Network error');
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorFrom(response.status, json, response.headers);
  return json as T;
}

/** The `track` key of the message for a failed upload. */
export function uploadErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'invalid_track' || code === 'payload_too_large' || code === 'rate_limited')
    return `track:errors.${code}`;
  if (code === NETWORK_ERROR) return 'track:errors.network';
  return 'track:errors.generic';
}
