import QRCode from 'qrcode';

/** The public intake link as a QR code (SVG markup, black on white, 2-module margin), for the console to show and print. */
export function intakeQrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
