/** Mails about a person's own security: their second factor changed (issue 42). */
import { translator } from '../i18n.ts';
import { renderEmail } from './layout.ts';

export type SecondFactorEvent = 'added' | 'removed' | 'recovery_code_used' | 'reset';

/** A change to a person's second factor, told to its owner in case it was not them (issue 42). */
export function secondFactorEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; event: SecondFactorEvent },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t(`secondFactor.subject.${data.event}`),
      greeting: t('secondFactor.greeting', { prenom: data.prenom }),
      paragraphs: [t(`secondFactor.intro.${data.event}`), t('secondFactor.notYou')],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}
