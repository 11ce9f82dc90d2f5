import { describe, expect, it } from 'vitest';
import { themeStylesheet } from './theme-stylesheet.ts';

describe('themeStylesheet', () => {
  const css = themeStylesheet();

  it("holds the club's colours, the primary colour and the readable grey and red (gray 7, red 8), on :root", () => {
    expect(css).toMatch(/^:root, :host\{/);
    expect(css).toContain('--mantine-color-club-6: #ed1c24;');
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-club-filled);');
    expect(css).toContain('--mantine-color-dimmed: #495057;');
    expect(css).toContain('--mantine-color-error: #e03131;');
  });

  it("holds Mantine's hidden-from and visible-from classes", () => {
    expect(css).toContain('.mantine-hidden-from-sm {display: none !important;}');
    expect(css).toContain('.mantine-visible-from-md {display: none !important;}');
  });
});
