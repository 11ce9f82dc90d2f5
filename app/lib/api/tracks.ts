/** Sends a GPS file as it is (the server recognises the format from its bytes) and answers the JSON reply. */
import { ApiError, NETWORK_ERROR, request } from './client.ts';

export function uploadTrack<T>(path: string, file: Blob): Promise<T> {
  return request<T>('POST', path, { body: file, contentType: 'application/octet-stream' });
}

/** The `track` key of the message for a failed upload. */
export function uploadErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'invalid_track' || code === 'payload_too_large' || code === 'rate_limited')
    return `track:errors.${code}`;
  if (code === NETWORK_ERROR) return 'track:errors.network';
  return 'track:errors.generic';
}
