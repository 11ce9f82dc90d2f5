/**
 * References printed on documents and typed by volunteers: the order reference (id on 8 digits), the candidate
 * reference ({order}-{index on 2 digits}), and the secret scan token carried by the route card's QR code.
 *
 * The scan token is random and unguessable, so that a QR code cannot be forged from a visible reference; the server
 * draws the random bytes (crypto) and formats them with scanTokenFromBytes, which keeps the format in one place.
 */

export const ORDER_REFERENCE_DIGITS = 8;
export const CANDIDATE_INDEX_DIGITS = 2;
const MAX_ORDER_ID = 10 ** ORDER_REFERENCE_DIGITS - 1;
const MAX_CANDIDATE_INDEX = 10 ** CANDIDATE_INDEX_DIGITS - 1;

/** The candidate reference of a candidate that belongs to no order (legacy records). */
export const NO_ORDER_REFERENCE = '/';

function assertOrderId(orderId: number): void {
  if (!Number.isInteger(orderId) || orderId < 1 || orderId > MAX_ORDER_ID) {
    throw new RangeError(`Order id out of range for a reference: ${orderId}`);
  }
}

/** 42 -> '00000042'. */
export function orderReference(orderId: number): string {
  assertOrderId(orderId);
  return String(orderId).padStart(ORDER_REFERENCE_DIGITS, '0');
}

/** (42, 1) -> '00000042-01'; '/' when there is no order. `index` is the candidate's commande_index (0-99). */
export function candidateReference(orderId: number | null | undefined, index: number): string {
  if (orderId === null || orderId === undefined) return NO_ORDER_REFERENCE;
  if (!Number.isInteger(index) || index < 0 || index > MAX_CANDIDATE_INDEX) {
    throw new RangeError(`Candidate index out of range for a reference: ${index}`);
  }
  return `${orderReference(orderId)}-${String(index).padStart(CANDIDATE_INDEX_DIGITS, '0')}`;
}

/** '00000042' -> 42; null for anything else (surrounding spaces are tolerated, nothing more). */
export function parseOrderReference(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{8})$/.exec(value.trim());
  const orderId = match ? Number(match[1]) : 0;
  return orderId >= 1 ? orderId : null;
}

/** '00000042-01' -> {orderId: 42, index: 1}; null for anything else. */
export function parseCandidateReference(value: unknown): { orderId: number; index: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{8})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const orderId = Number(match[1]);
  return orderId >= 1 ? { orderId, index: Number(match[2]) } : null;
}

/** Versioned so that a future format can be told apart from this one. */
export const SCAN_TOKEN_PREFIX = 'CV1-';
/** RFC 4648 base32: capitals and 2-7, without the digits 0, 1, 8 and 9 that look like O, I, B and g. */
export const SCAN_TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 128 random bits, which base32 writes in 26 characters. */
export const SCAN_TOKEN_RANDOM_BYTES = 16;
export const SCAN_TOKEN_LENGTH = 26;
const SCAN_TOKEN = /^CV1-[A-Z2-7]{26}$/;

/** True for a string of the form CV1-<26 base32 characters>. */
export function isScanToken(value: unknown): value is string {
  return typeof value === 'string' && SCAN_TOKEN.test(value);
}

/** Formats 16 random bytes (drawn by the server with crypto) as a scan token. */
export function scanTokenFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== SCAN_TOKEN_RANDOM_BYTES) {
    throw new RangeError(`A scan token needs exactly ${SCAN_TOKEN_RANDOM_BYTES} random bytes`);
  }
  let bits = 0;
  let bitCount = 0;
  let encoded = '';
  for (const byte of bytes) {
    bits = (bits << 8) | byte;
    bitCount += 8;
    while (bitCount >= 5) {
      encoded += SCAN_TOKEN_ALPHABET[(bits >>> (bitCount - 5)) & 31];
      bitCount -= 5;
    }
    bits &= (1 << bitCount) - 1;
  }
  if (bitCount > 0) encoded += SCAN_TOKEN_ALPHABET[(bits << (5 - bitCount)) & 31];
  return SCAN_TOKEN_PREFIX + encoded;
}

/**
 * What a volunteer scanned or typed on the scan page: a scan token (case-insensitive, since people type it), or a
 * candidate reference; null for anything else ('Text not valid').
 */
export function parseScanText(
  text: unknown,
): { kind: 'token'; token: string } | { kind: 'reference'; orderId: number; index: number } | null {
  if (typeof text !== 'string') return null;
  const token = text.trim().toUpperCase();
  if (isScanToken(token)) return { kind: 'token', token };
  const reference = parseCandidateReference(text);
  return reference ? { kind: 'reference', ...reference } : null;
}
