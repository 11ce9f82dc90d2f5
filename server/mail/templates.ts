/** Every email the site sends, in the recipient's language, with the club's look (layout.ts). */
import type { ClubPostalAddress } from '../../contracts/club-address.ts';
import { translator } from '../i18n.ts';
import { renderEmail } from './layout.ts';

/**
 * A link to follow within some hours: the `<texts>` section's subject, intro, button and what to do if the reader
 * asked for nothing; the validity line is `<validity>.validity`, shared by the texts that say the same.
 */
function linkEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; url: string; hours: number },
  texts: string,
  validity: string = texts,
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t(`${texts}.subject`),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [t(`${texts}.intro`), t(`${validity}.validity`, { hours: data.hours })],
      action: { label: t(`${texts}.action`), url: data.url },
      closing: t(`${texts}.ignore`),
    },
    t,
    publicUrl,
  );
}

export function passwordResetEmail(locale: string, publicUrl: string, data: { prenom: string; url: string }) {
  return linkEmail(locale, publicUrl, { ...data, hours: 24 }, 'passwordReset');
}

export interface ConfirmationData {
  prenom: string;
  reference: string;
  total: string;
  candidates: { reference: string; name: string; challenge: string }[];
  /** The minors whose kit waits for their guardian's answer, and where the request went (as the buyer typed it). */
  guardians: { candidate: string; guardian: string; email: string }[];
  ordersUrl: string;
}

export function orderConfirmationEmail(locale: string, publicUrl: string, data: ConfirmationData) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('orderConfirmation.subject', { reference: data.reference }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [
        t('orderConfirmation.intro'),
        t('orderConfirmation.next'),
        ...data.guardians.map((minor) => t('orderConfirmation.guardian', minor)),
      ],
      details: [
        { label: t('orderConfirmation.order'), value: data.reference },
        { label: t('orderConfirmation.total'), value: data.total },
        ...data.candidates.map((candidate) => ({
          label: candidate.reference,
          value: `${candidate.name} · ${candidate.challenge}`,
        })),
      ],
      action: { label: t('orderConfirmation.action'), url: data.ordersUrl },
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

export function documentsEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; reference: string; returnAddress: ClubPostalAddress },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('documents.subject', { reference: data.reference }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [t('documents.intro'), t('documents.print')],
      postalAddress: {
        label: t('documents.returnAddress'),
        lines: data.returnAddress.lines,
        note: data.returnAddress.demonstration ? t('common:postalAddress.demonstration') : undefined,
      },
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

export function restrictionVerificationEmail(locale: string, publicUrl: string, data: { url: string }) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('restriction.subject'),
      greeting: t('greetingAnonymous'),
      paragraphs: [t('restriction.intro'), t('restriction.effect'), t('restriction.validity', { days: 7 })],
      action: { label: t('restriction.action'), url: data.url },
      closing: t('restriction.ignore'),
    },
    t,
    publicUrl,
  );
}

export function homologationEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; challenge: string; numero: number; date: string; checkUrl: string },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('homologation.subject', { challenge: data.challenge, numero: data.numero }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [
        t('homologation.intro', { challenge: data.challenge, date: data.date }),
        t('homologation.ranking'),
        t('homologation.diploma'),
      ],
      details: [
        { label: t('homologation.number'), value: `${data.challenge} n° ${data.numero}` },
        { label: t('homologation.check'), value: data.checkUrl },
      ],
      // The diploma's PDF is on the account page, behind the rider's session.
      action: { label: t('homologation.action'), url: `${publicUrl}/${locale}/account?tab=homologations` },
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

export function rejectionEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; challenge: string; reason: string },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('rejection.subject', { challenge: data.challenge }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [t('rejection.intro', { challenge: data.challenge }), data.reason, t('rejection.contact')],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** An administrator cancelled a homologation: its number, the reason, and whom to contact. */
export function homologationCancelledEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; challenge: string; numero: number; reason: string },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('homologationCancelled.subject', { challenge: data.challenge, numero: data.numero }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [
        t('homologationCancelled.intro', { challenge: data.challenge, numero: data.numero }),
        data.reason,
        t('rejection.contact'),
      ],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** After sign-up: the link that proves the address is the reader's. */
export function emailVerificationEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; url: string; hours: number },
) {
  return linkEmail(locale, publicUrl, data, 'emailVerification');
}

/** To the new address asked for on the account page: the change happens when this link is followed. */
export function emailChangeVerificationEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; url: string; hours: number },
) {
  return linkEmail(locale, publicUrl, data, 'emailChange', 'emailVerification');
}

/** To the current address when a change is asked for, so that its owner notices one they did not make. */
export function emailChangeNoticeEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; newEmail: string },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('emailChangeNotice.subject'),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [t('emailChangeNotice.intro', { email: data.newEmail }), t('emailChangeNotice.notYou')],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** The account page, where a registration's path is drawn step by step. */
const accountUrl = (publicUrl: string, locale: string) => `${publicUrl}/${locale}/account`;

/** A volunteer posted the kit or handed it over (a kit sent by email is the documents email itself). */
export function kitSentEmail(
  locale: string,
  publicUrl: string,
  data: {
    prenom: string;
    reference: string;
    challenge: string;
    mode: 'postal' | 'retrait';
    date: string;
    pickupPoint: string | null;
  },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t(`kitSent.subject.${data.mode}`, { reference: data.reference }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [
        data.mode === 'postal'
          ? t('kitSent.postal', { date: data.date })
          : t('kitSent.retrait', { date: data.date, place: data.pickupPoint ?? '' }),
        t('kitSent.next'),
      ],
      details: [{ label: data.reference, value: data.challenge }],
      action: { label: t('progress.action'), url: accountUrl(publicUrl, locale) },
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/**
 * A volunteer asks for more evidence: their message as written, and the account page's registration, where the
 * ride is attached or replaced (from a file or from Strava).
 */
export function evidenceRequestEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; reference: string; challenge: string; message: string },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('evidenceRequest.subject', { reference: data.reference }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [
        t('evidenceRequest.intro', { challenge: data.challenge }),
        data.message,
        t('evidenceRequest.next'),
      ],
      details: [{ label: data.reference, value: data.challenge }],
      action: {
        label: t('evidenceRequest.action'),
        url: `${accountUrl(publicUrl, locale)}?tab=orders#registration-${data.reference}`,
      },
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** The route card came back to the club: the homologation is under way. */
export function cardReceivedEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; reference: string; challenge: string },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('cardReceived.subject', { reference: data.reference }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [t('cardReceived.intro', { challenge: data.challenge }), t('cardReceived.next')],
      details: [{ label: data.reference, value: data.challenge }],
      action: { label: t('progress.action'), url: accountUrl(publicUrl, locale) },
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** To a minor's guardian: the link to confirm (or refuse) the parental authorisation. */
export function guardianConsentEmail(
  locale: string,
  publicUrl: string,
  data: { guardian: string; candidate: string; challenge: string; url: string; days: number },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('guardianConsent.subject', { candidate: data.candidate }),
      greeting: t('greeting', { name: data.guardian }),
      paragraphs: [
        t('guardianConsent.intro', { candidate: data.candidate, challenge: data.challenge }),
        t('guardianConsent.ask'),
        t('guardianConsent.validity', { days: data.days }),
      ],
      action: { label: t('guardianConsent.action'), url: data.url },
      closing: t('guardianConsent.ignore'),
    },
    t,
    publicUrl,
  );
}

/** A guardian refused: the buyer is told what to do next, the club that a refund may be due. */
export function guardianRefusalEmail(
  locale: string,
  publicUrl: string,
  data: { candidate: string; reference: string; contact: string; audience: 'buyer' | 'club' },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('guardianRefusal.subject', { candidate: data.candidate, reference: data.reference }),
      greeting: t('greetingAnonymous'),
      paragraphs: [
        t('guardianRefusal.intro', { candidate: data.candidate, reference: data.reference }),
        t(`guardianRefusal.${data.audience}`, { contact: data.contact }),
      ],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** Money given back on an order: how much, why, the club's fee when a request was approved, and who is withdrawn. */
export function refundEmail(
  locale: string,
  publicUrl: string,
  data: {
    prenom: string;
    reference: string;
    amount: string;
    reason: string;
    /** The fee kept on an approved request, written with its currency; null when none. */
    fee: string | null;
    withdrawn: string[];
  },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('refund.subject', { reference: data.reference }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [
        t('refund.intro', { amount: data.amount, reference: data.reference }),
        ...(data.reason ? [t('refund.reason', { reason: data.reason })] : []),
        ...(data.fee ? [t('refund.fee', { fee: data.fee })] : []),
        ...(data.withdrawn.length > 0 ? [t('refund.withdrawn', { names: data.withdrawn.join(', ') })] : []),
        t('refund.delay'),
      ],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** A buyer's cancellation request that the club declined, with the volunteer's reason. */
export function cancellationDeclinedEmail(
  locale: string,
  publicUrl: string,
  data: { prenom: string; reference: string; reason: string },
) {
  const t = translator(locale, 'mail');
  return renderEmail(
    {
      subject: t('cancellationDeclined.subject', { reference: data.reference }),
      greeting: t('greeting', { name: data.prenom }),
      paragraphs: [t('cancellationDeclined.intro', { reference: data.reference }), data.reason],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}

/** Every administrator is told when someone's roles of the back office change (issue 42). */
export function rolesChangedEmail(
  locale: string,
  publicUrl: string,
  data: { person: string; before: readonly string[]; after: readonly string[] },
) {
  const t = translator(locale, 'mail');
  const names = (roles: readonly string[]) =>
    roles.length ? roles.map((role) => t(`rolesChanged.role.${role}`)).join(', ') : t('rolesChanged.none');
  return renderEmail(
    {
      subject: t('rolesChanged.subject', { person: data.person }),
      greeting: t('rolesChanged.greeting'),
      paragraphs: [
        t('rolesChanged.intro', {
          person: data.person,
          before: names(data.before),
          after: names(data.after),
        }),
        t('rolesChanged.notYou'),
      ],
      closing: t('signature'),
    },
    t,
    publicUrl,
  );
}
