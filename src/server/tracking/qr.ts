// The QR code of a tracking link (qrcode, MIT): it encodes the link with ?qr=1, so the visits it
// brings are marked as from the QR code.
import QRCode from 'qrcode';

export const qrTarget = (url: string) => `${url}${url.includes('?') ? '&' : '?'}qr=1`;

export const qrPng = (url: string): Promise<Buffer> => QRCode.toBuffer(qrTarget(url), { type: 'png', width: 512, margin: 2, errorCorrectionLevel: 'M' });

export const qrSvg = (url: string): Promise<string> => QRCode.toString(qrTarget(url), { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
