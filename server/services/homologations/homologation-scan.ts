/**
 * A returned route card, scanned or typed at the desk: the candidate moves to `card_received` and the rider is told
 * the card arrived. The same operation serves the API (POST /api/admin/scan) and the scan page's action.
 */
import { and, eq } from 'drizzle-orm';
import type { ScannedCard } from '../../../contracts/admin.ts';
import { localeOr } from '../../../domain/locales.ts';
import { candidateReference, parseScanText } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { candidates } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { cardReceivedEmail } from '../../mail/templates.ts';
import { transitionCandidate } from '../registrations/candidate-transitions.ts';
import { actorIdOf, type Caller } from '../guards.ts';
import {
  alreadyHomologated,
  type CandidateRow,
  challengeName,
  type HomologationDeps,
  lockCandidate,
} from './homologation-candidate.ts';
import { rejectedRefusal, reopenLocked } from './homologation-reopening.ts';

/** The candidate the text names: the secret token of its QR code, or its typed reference. */
async function findScanned({ db }: HomologationDeps, text: string): Promise<number> {
  const parsed = parseScanText(text);
  if (!parsed) throw new AppError(400, 'text_not_valid', 'Text not valid');
  const condition =
    parsed.kind === 'token'
      ? eq(candidates.scanToken, parsed.token)
      : and(eq(candidates.orderId, parsed.orderId), eq(candidates.commande_index, parsed.index));
  const [found] = await db.select({ id: candidates.id }).from(candidates).where(condition);
  if (!found) {
    const reference = text.trim();
    throw new AppError(404, 'unknown_reference', `No candidate has the reference ${reference}`, {
      details: { reference },
    });
  }
  return found.id;
}

/**
 * Refuses a card that cannot be taken in as it is: one already homologated, not paid, waiting for a minor's
 * guardian, or (unless confirmed) one whose kit nobody marked sent, or one rejected.
 */
async function assertScannable(tx: Database, candidate: CandidateRow, confirm: boolean) {
  if (candidate.statut === 'homologated') throw alreadyHomologated();
  if (candidate.statut === 'pending_payment')
    throw new AppError(409, 'not_paid', 'This registration is not paid');
  if (candidate.statut === 'awaiting_consent')
    throw new AppError(409, 'awaiting_consent', "This registration is waiting for the guardian's consent");
  if (candidate.statut === 'to_process' && !confirm)
    throw new AppError(409, 'kit_not_sent', 'The kit was never marked sent or handed over');
  if (candidate.statut === 'rejected' && !confirm) throw await rejectedRefusal(tx, candidate);
}

/**
 * A returned route card: the text read from its QR code (secret token) or typed (reference). Answers a
 * machine-readable reason when it cannot be taken: text_not_valid, unknown_reference (with the reference read),
 * already_homologated, not_paid, awaiting_consent (a minor's guardian has not answered), kit_not_sent for a kit
 * nobody marked sent or handed over, and rejected (with the day and the reason) for a ride already rejected.
 * `confirm` takes in a card whose kit was not marked sent (the card coming back proves the rider had it), or
 * reopens a rejected ride for a new judgement (audited; no "card received" mail). Answers who the card is and
 * the status it had before, so that the scan page can say what changed.
 */
export async function scanCard(
  deps: HomologationDeps,
  caller: Caller,
  text: string,
  options: { confirm?: boolean } = {},
): Promise<ScannedCard> {
  const { db, config, mail } = deps;
  const actorId = actorIdOf(caller, 'cards.scan');
  const candidateId = await findScanned(deps, text);
  const result = await db.transaction(async (tx) => {
    const { candidate, locale } = await lockCandidate(tx, candidateId);
    const reference = candidateReference(candidate.orderId, candidate.commande_index);
    await assertScannable(tx, candidate, options.confirm === true);
    if (candidate.statut === 'rejected') await reopenLocked(tx, candidate, actorId, 'scan');
    // Scanning the same card twice changes nothing and writes to nobody.
    else if (candidate.statut !== 'card_received') {
      await transitionCandidate(tx, candidate, 'card_received', {
        actorId,
        action: 'candidate.card_received',
        set: { cardReceivedAt: new Date() },
      });
      const language = localeOr(locale);
      const email = cardReceivedEmail(language, config.publicUrl, {
        prenom: candidate.prenom,
        reference,
        challenge: challengeName(language, candidate.epreuve),
      });
      await mail.queue({ to: candidate.email, ...email }, tx);
    }
    return {
      candidateId: candidate.id,
      reference,
      statut: 'card_received' as const,
      previous: candidate.statut,
      nom: candidate.nom,
      prenom: candidate.prenom,
      epreuve: candidate.epreuve,
    };
  });
  if (result.previous !== 'card_received' && result.previous !== 'rejected') mail.kick();
  return result;
}
