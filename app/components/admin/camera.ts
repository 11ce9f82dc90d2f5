/** What the scan page says when the camera cannot be used, from the error getUserMedia threw. */
export type CameraProblem = 'denied' | 'unavailable' | 'failed';

export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  // Refused by the person, or by the page's context (no HTTPS, a permissions policy).
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  // No camera, none facing the right way, or one already used by another application.
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return 'unavailable';
  }
  return 'failed';
}
