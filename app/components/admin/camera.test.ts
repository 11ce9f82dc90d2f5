import { describe, expect, it } from 'vitest';
import { cameraProblem } from './camera.ts';

describe('cameraProblem', () => {
  it('tells a refusal from a missing camera and from anything else', () => {
    expect(cameraProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('insecure', 'SecurityError'))).toBe('denied');
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toBe('unavailable');
    expect(cameraProblem(new DOMException('busy', 'NotReadableError'))).toBe('unavailable');
    expect(cameraProblem(new Error('boom'))).toBe('failed');
    expect(cameraProblem('odd')).toBe('failed');
  });
});
