/** Mails about a person's own security: their second factor changed (issue 42). */
import { translator } from '../i18n.ts';
import { renderEmail } from './layout.ts';

export type SecondFactorEvent =
  'added' | 'removed' | 'passkey_added' | 'passkey_removed' | 'recovery_code_used' | 'reset';

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

/** A club administrator invites someone to the back office: the link sets their password (issue 42). */
export function invitationEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; inviter: string; roles: readonly string[]; url: string; days: number },
) {
  const t = translator(locale, 'mail');
  const roles = data.roles.map((role) => t(`rolesChanged.role.${role}`)).join(', ');
  return renderEmail(
    {
      subject: t('invitation.subject'),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [
        t('invitation.intro', { inviter: data.inviter, roles }),
        t('invitation.next'),
        t('invitation.validity', { days: data.days }),
      ],
      action: { label: t('invitation.action'), url: data.url },
      closing: t('invitation.ignore'),
    },
    t,
    publicUrl,
  );
}
