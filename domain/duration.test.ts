import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('writes hours and two-digit minutes', () => {
    expect(formatDuration(5460)).toBe('1 h 31');
    expect(formatDuration(59)).toBe('0 h 01');
    expect(formatDuration(36_000)).toBe('10 h 00');
  });
});
