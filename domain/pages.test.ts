import { describe, expect, it } from 'vitest';
import { findPageByPattern } from './pages.ts';

describe('findPageByPattern', () => {
  it('finds a page by the pattern the server reports', () => {
    expect(findPageByPattern('/:lang/roads')?.id).toBe('roads');
    expect(findPageByPattern('/:lang')?.id).toBe('home');
  });

  it('finds a page by the pattern the browser reports, without the leading slash', () => {
    expect(findPageByPattern(':lang/rules')?.id).toBe('rules');
    expect(findPageByPattern(':lang')?.id).toBe('home');
    expect(findPageByPattern(':lang/account/')?.id).toBe('account');
  });

  it('finds nothing for an unknown pattern', () => {
    expect(findPageByPattern(':lang/nowhere')).toBeUndefined();
  });
});
