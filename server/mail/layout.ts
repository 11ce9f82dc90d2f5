/**
 * The club's look for every email: a red header with the club's name, the message, a footer. HTML for mail
 * clients (tables, inline styles) plus a plain-text alternative built from the same parts.
 */
import type { TFunction } from 'i18next';

export interface EmailContent {
  /** Already-translated text. */
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Key-value lines shown as a small table (references, numbers). */
  details?: { label: string; value: string }[];
  /** A postal address as on an envelope, one line each, under its label; `note` after it (a warning). */
  postalAddress?: { label: string; lines: readonly string[]; note?: string };
  closing?: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

export function renderEmail(content: EmailContent, t: TFunction, publicUrl: string) {
  const siteName = t('common:site.name');
  const paragraphs = content.paragraphs
    .map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`)
    .join('');
  const details = content.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${content.details
        .map(
          (row) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(row.label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(row.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const address = content.postalAddress
    ? `<p style="margin:0 0 16px">${escapeHtml(content.postalAddress.label)}</p><address style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #ed1c24;background:#fafafa;font-style:normal;font-weight:bold">${content.postalAddress.lines.map(escapeHtml).join('<br>')}</address>${content.postalAddress.note ? `<p style="margin:0 0 16px;color:#c8141b;font-weight:bold">${escapeHtml(content.postalAddress.note)}</p>` : ''}`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#c8141b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" style="max-width:600px;width:100%;border-collapse:collapse;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#ed1c24;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(siteName)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${content.greeting ? `<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>` : ''}${paragraphs}${address}${details}${action}
${content.closing ? `<p style="margin:16px 0 0">${escapeHtml(content.closing)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;background:#fafafa;color:#666;font-size:12px"><a href="${escapeHtml(publicUrl)}" style="color:#c8141b">${escapeHtml(publicUrl.replace(/^https?:\/\//, ''))}</a></td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.postalAddress &&
      [content.postalAddress.label, ...content.postalAddress.lines, content.postalAddress.note ?? '']
        .filter(Boolean)
        .join('\n'),
    ...(content.details ?? []).map((row) => `${row.label}: ${row.value}`),
    content.action && `${content.action.label}: ${content.action.url}`,
    content.closing,
    `-- \n${siteName}\n${publicUrl}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { subject: content.subject, html, text };
}
