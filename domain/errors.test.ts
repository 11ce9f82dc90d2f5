import { describe, expect, it } from 'vitest';

import { ERROR_CODES, ERROR_MESSAGE_KEYS, isErrorCode } from './errors.ts';

describe('error codes', () => {
  it('are the stable codes of the API', () => {
    // Clients switch on these codes, so a code renamed or removed breaks them: the list is pinned in the snapshot
    // file beside this test, and changes there only on purpose (vitest -u), where a review sees it.
    expect(ERROR_CODES).toMatchSnapshot();
  });

  it('are recognised', () => {
    expect(isErrorCode('email_taken')).toBe(true);
    expect(isErrorCode('Email_Taken')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('each have a message key in the validation namespace', () => {
    expect(Object.keys(ERROR_MESSAGE_KEYS).sort()).toEqual([...ERROR_CODES].sort());
    for (const key of Object.values(ERROR_MESSAGE_KEYS)) expect(key).toMatch(/^validation:[a-z_]+$/);
    expect(ERROR_MESSAGE_KEYS.validation).toBe('validation:generic');
  });
});
