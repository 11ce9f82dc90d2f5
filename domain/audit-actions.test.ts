import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { AUDIT_ACTIONS, auditActionKey } from './audit-actions.ts';

describe('the kinds of act of the audit log', () => {
  it.each(LOCALES)('are each named in %s', (lang) => {
    const catalogue = JSON.parse(fs.readFileSync(`locales/${lang}/admin.json`, 'utf8')) as {
      actions: Record<string, string>;
    };
    const missing = AUDIT_ACTIONS.filter(
      (action) => !catalogue.actions[auditActionKey(action).split('.')[1]!],
    );
    expect(missing).toEqual([]);
  });

  it('are each listed once, in the form the log stores', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z_]+\.[a-z_]+$/);
    expect(auditActionKey('candidate.evidence_requested')).toBe('admin:actions.candidate_evidence_requested');
  });
});
