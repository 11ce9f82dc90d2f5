/**
 * The diploma of a homologation (decision 0033): its public check code and addresses, the name it shows, and the
 * statement the club signs. Pure rules, shared by the server (API, PDF, signing) and the pages.
 */
import { DEFAULT_LOCALE } from './locales.ts';
import type { ChallengeId } from './ventoux.ts';

/** 32 random bytes, base64url without padding (the database's default in server/db/schema/homologations.ts). */
const DIPLOMA_CODE = /^[A-Za-z0-9_-]{43}$/;

/** True for text shaped like a diploma code: anything else is unknown without asking the database. */
export function isDiplomaCode(text: string): boolean {
  return DIPLOMA_CODE.test(text);
}

export type DiplomaStatus = 'valid' | 'revoked';

/** The public page where anyone checks a diploma: the address its QR code holds. */
export function diplomaCheckPath(lang: string, code: string): string {
  return `/${lang}/diplomas/${code}`;
}

/** The diploma's PDF, for its laureate and the club's administrators only. */
export function diplomaPdfPath(homologationId: number): string {
  return `/api/homologations/${homologationId}/diploma`;
}

/** The signed statement of a diploma, downloadable from its check page. */
export function diplomaStatementPath(code: string): string {
  return `/api/diplomas/${code}/statement`;
}

/** What a diploma says, as the check page and the API show it to anyone. */
export interface DiplomaFacts {
  code: string;
  status: DiplomaStatus;
  /** Full name, or initials when the laureate restricted public display. */
  name: string;
  epreuve: ChallengeId;
  numero: number;
  /** The day ridden (YYYY-MM-DD); null for some of the club's earlier records. */
  date_passage: string | null;
  /** ISO 8601 UTC. */
  homologated_at: string;
  /** ISO 8601 UTC; null while valid. */
  revoked_at: string | null;
}

/** A diploma as anyone may check it: its facts and the statement the club signed of them. */
export interface DiplomaCheck extends DiplomaFacts {
  /** Compact JWS (EdDSA) of `statementClaims`. */
  jws: string;
}

/** The claims of the signed statement: the facts, who states them and where to check them again. */
export function statementClaims(facts: DiplomaFacts, issuer: string) {
  return {
    iss: issuer,
    sub: facts.code,
    status: facts.status,
    name: facts.name,
    epreuve: facts.epreuve,
    numero: facts.numero,
    date_passage: facts.date_passage,
    homologated_at: facts.homologated_at,
    revoked_at: facts.revoked_at,
    // The club's own language: the statement is one text for every reader.
    check_url: `${issuer}${diplomaCheckPath(DEFAULT_LOCALE, facts.code)}`,
  };
}
