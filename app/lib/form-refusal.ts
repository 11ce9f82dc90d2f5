/** What a page action answers when it refuses a posted form: shown in place, with what was typed. */
export interface FormRefusal {
  /** Message keys by field name. */
  fields: Record<string, string>;
  /** The message at the top of the form, when no field explains the refusal. */
  message?: { key: string; values?: Record<string, unknown> } | null;
  /** The values posted, less the secrets (passwords). */
  values: Record<string, string>;
  /** Which of the page's forms was refused, when several post to the same page. */
  intent?: string;
}

/** The action's answer was a refusal (an action may also answer what it did, such as `{done: true}`). */
export function isFormRefusal(answer: unknown): answer is FormRefusal {
  return typeof answer === 'object' && answer !== null && 'fields' in answer && 'values' in answer;
}
