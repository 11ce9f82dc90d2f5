/** Payments and refunds: attempts with the providers, returns and settlement, closing what expired, refunds as records, the treasurer's ledger. */
export { createLedgerService } from './ledger.ts';
export { createPaymentsService } from './payments.ts';
export { createRefundsService } from './refunds.ts';
