import { describe, expect, it } from 'vitest';
import { parseRulesTab, rulesTabPath } from './rules-tabs.ts';

describe('parseRulesTab', () => {
  it('reads a tab from a query value or a hash', () => {
    expect(parseRulesTab('homologation')).toBe('homologation');
    expect(parseRulesTab('#rewards')).toBe('rewards');
  });

  it('ignores what is not a tab', () => {
    expect(parseRulesTab(null)).toBeNull();
    expect(parseRulesTab('')).toBeNull();
    expect(parseRulesTab('#main')).toBeNull();
    expect(parseRulesTab('constructor')).toBeNull();
  });
});

describe('rulesTabPath', () => {
  it('links to a section in the given language', () => {
    expect(rulesTabPath('de', 'options')).toBe('/de/rules?tab=options');
  });
});
