/**
 * The admin pages' calls to the admin API from the browser: batch actions on a selection of candidates, the
 * print job of route cards and frame plates (started, then polled until its PDF is ready), PDFs answered
 * directly (address labels) and homologation.
 */
import type { BatchHomologationResult, EvidenceRequestView } from '../../../contracts/admin.ts';
import type { PrintJobStatus } from '../../components/admin/types.ts';
import { ApiError, NETWORK_ERROR, apiRequest, request } from './client.ts';

export const adminApi = {
  startPrintJob: (ids: number[]) =>
    apiRequest<{ jobId: string; total: number }>('POST', '/api/admin/print-jobs', { ids }),
  printJobStatus: (jobId: string) =>
    apiRequest<PrintJobStatus>('GET', `/api/admin/print-jobs/${encodeURIComponent(jobId)}`),
  sendDocuments: (ids: number[]) =>
    apiRequest<{ queued: number }>('POST', '/api/admin/candidates/send-documents', { ids }),
  markProcessed: (ids: number[]) =>
    apiRequest<{ updated: number }>('POST', '/api/admin/candidates/processed', { ids }),
  labels: (ids: number[], lang: string) =>
    request<Blob>('POST', `/api/admin/candidates/labels?lang=${encodeURIComponent(lang)}`, {
      json: { ids },
      answer: 'blob',
    }),
  homologate: (
    candidateId: number,
    body: { date_passage: string; epreuve_realisee: string; commentaire: string },
  ) =>
    apiRequest<{ homologationId: number; numero: number; laureateId: number }>(
      'POST',
      `/api/admin/candidates/${candidateId}/homologate`,
      body,
    ),
  reject: (candidateId: number, body: { reason: string }) =>
    apiRequest<unknown>('POST', `/api/admin/candidates/${candidateId}/reject`, body),
  correctHomologation: (homologationId: number, body: { date_passage: string; commentaire: string }) =>
    apiRequest<unknown>('PUT', `/api/admin/homologations/${homologationId}`, body),
  recordPaperConsent: (candidateId: number, body: { note: string }) =>
    apiRequest<unknown>('POST', `/api/admin/candidates/${candidateId}/guardian-consent`, body),
  cancelHomologation: (homologationId: number, body: { reason: string }) =>
    apiRequest<unknown>('POST', `/api/admin/homologations/${homologationId}/cancel`, body),
  /** One key per confirmation: a repeated click or a retry answers the same results. */
  homologateBatch: (items: { candidate_id: number; date_passage?: string }[], idempotencyKey: string) =>
    request<{ results: BatchHomologationResult[] }>('POST', '/api/admin/homologations/batch', {
      json: { items },
      headers: { 'idempotency-key': idempotencyKey },
    }),
  askForEvidence: (candidateId: number, body: { message: string }) =>
    apiRequest<EvidenceRequestView>('POST', `/api/admin/candidates/${candidateId}/evidence-requests`, body),
};

/** Where the PDF of a finished print job is downloaded from, named in the admin's language. */
export function printJobFileUrl(jobId: string, lang?: string): string {
  const url = `/api/admin/print-jobs/${encodeURIComponent(jobId)}/file`;
  return lang ? `${url}?lang=${encodeURIComponent(lang)}` : url;
}

export interface PollOptions {
  /** Called with each status read, for the progress bar. */
  onProgress: (status: PrintJobStatus) => void;
  /** Aborting stops the polling (the dialog was closed, the page left). */
  signal: AbortSignal;
  intervalMs?: number;
  read?: (jobId: string) => Promise<PrintJobStatus>;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Reads a print job's status until it is done (answered) or failed (thrown as an ApiError `internal`).
 * A network hiccup while polling is retried: the job keeps running on the server meanwhile.
 */
export async function pollPrintJob(jobId: string, options: PollOptions): Promise<PrintJobStatus> {
  const read = options.read ?? adminApi.printJobStatus;
  const wait = options.wait ?? abortableWait;
  const interval = options.intervalMs ?? 800;
  let networkFailures = 0;
  for (;;) {
    options.signal.throwIfAborted();
    let status: PrintJobStatus | null = null;
    try {
      status = await read(jobId);
      networkFailures = 0;
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== NETWORK_ERROR || ++networkFailures > 5) throw error;
    }
    options.signal.throwIfAborted();
    if (status) {
      options.onProgress(status);
      if (status.status === 'done') return status;
      if (status.status === 'failed') throw new ApiError(500, 'internal', 'The print job failed');
    }
    await wait(interval, options.signal);
  }
}
