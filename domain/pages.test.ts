import { describe, expect, it } from 'vitest';
import { findPageByPattern, pagePatternOfPath } from './pages.ts';

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

describe('pagePatternOfPath', () => {
  it("names the registry's pattern of a page, never what the path holds", () => {
    expect(pagePatternOfPath('/fr')).toBe('/:lang');
    expect(pagePatternOfPath('/gb/')).toBe('/:lang');
    expect(pagePatternOfPath('/fr/laureates')).toBe('/:lang/laureates');
    expect(pagePatternOfPath('/de/laureates/4242')).toBe('/:lang/laureates/:laureateId');
    expect(pagePatternOfPath('/fr/diplomas/K7QX-PL2M')).toBe('/:lang/diplomas/:code');
    expect(pagePatternOfPath('/it/payment/test/17')).toBe('/:lang/payment/test/:paymentId');
  });

  it("names a page's data as React Router asks for it", () => {
    expect(pagePatternOfPath('/fr/laureates.data')).toBe('/:lang/laureates.data');
    expect(pagePatternOfPath('/fr/laureates/12.data')).toBe('/:lang/laureates/:laureateId.data');
  });

  it('puts every path of no page under one pattern, and leaves paths without a locale to the caller', () => {
    expect(pagePatternOfPath('/fr/someone@example.org')).toBe('/:lang/*');
    expect(pagePatternOfPath('/fr/laureates/12/extra')).toBe('/:lang/*');
    expect(pagePatternOfPath('/metrics')).toBeUndefined();
    expect(pagePatternOfPath('/')).toBeUndefined();
  });
});
