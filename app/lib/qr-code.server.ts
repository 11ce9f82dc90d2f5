/** A QR code as an SVG data address, drawn on the server (the `qrcode` library the documents use too). */
import QRCode from 'qrcode';

export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
