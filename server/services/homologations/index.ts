/** Homologations and diplomas: the route card scanned, decisions one by one or in batch, evidence asked of the rider, numbers, diplomas and their signing keys. */
export { createDiplomaKeys } from './diploma-keys.ts';
export { createDiplomasService } from './diplomas.ts';
export { createEvidenceRequestsService } from './evidence-requests.ts';
export { createHomologationBatchService } from './homologation-batch.ts';
export { createHomologationsService } from './homologations.ts';
