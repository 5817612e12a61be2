import type { QRCodeToStringOptions } from 'qrcode';

/**
 * A QR code as SVG markup (UPI payment links). qrcode loads with the first code drawn, not with the server
 * (issue 18's cold start).
 */
export async function qrSvg(
  text: string,
  options: Omit<QRCodeToStringOptions, 'type'> = {},
): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { ...options, type: 'svg' });
}
