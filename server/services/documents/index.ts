/** Documents and mail: the PDFs of an order, the mail queue, the administrators' print jobs. */
export { createDocumentsService } from './documents.ts';
export { createMailService } from './mail.ts';
export { createPrintJobsService } from './print-jobs.ts';
