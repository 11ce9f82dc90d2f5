/** The sections of the rules page, in order; each is linkable as `?tab=<id>` or `#<id>`. */
export const RULES_TABS = ['options', 'registration', 'safety', 'checks', 'homologation', 'rewards'] as const;

/** The safety advice of the rules (rules:tabs.safety.items), also shown to a minor's guardian. */
export const SAFETY_ITEM_IDS = ['gear', 'heat', 'lights', 'weather', 'traffic'] as const;
export type RulesTab = (typeof RULES_TABS)[number];

export const DEFAULT_RULES_TAB: RulesTab = 'options';

export function parseRulesTab(value: string | null | undefined): RulesTab | null {
  const candidate = value?.replace(/^#/, '');
  return (RULES_TABS as readonly string[]).includes(candidate ?? '') ? (candidate as RulesTab) : null;
}

/** The link to one section of the rules, for other pages. */
export function rulesTabPath(lang: string, tab: RulesTab): string {
  return `/${lang}/rules?tab=${tab}`;
}
