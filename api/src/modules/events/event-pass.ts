// The member's event pass: a token the organiser scans at the door. It is the member and event ids sealed with
// AES-256-GCM under the server's secrets key (the SecretBox), so it reads as noise, cannot be forged or altered
// (the tag fails), and names its event: a pass for another event is refused.
import QRCode from 'qrcode';
import type { SecretBox } from '../../lib/secrets';

const PREFIX = 'pass';

/** The SecretBox's sealed form (v1.iv.tag.data, base64 parts) as one URL-safe string, and back. */
const pack = (sealed: string) =>
  Buffer.concat(
    sealed
      .split('.')
      .slice(1)
      .map((part) => Buffer.from(part, 'base64')),
  ).toString('base64url');

function unpack(token: string): string | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 12 + 16 + 1) return null;
  const parts = [bytes.subarray(0, 12), bytes.subarray(12, 28), bytes.subarray(28)];
  return ['v1', ...parts.map((part) => part.toString('base64'))].join('.');
}

export function issuePass(secrets: SecretBox, eventId: number, userId: number): string {
  return pack(secrets.encrypt(`${PREFIX}:${eventId}:${userId}`));
}

/** The member a pass is for, when it is a genuine pass for this event; null otherwise. */
export function readPass(secrets: SecretBox, eventId: number, token: string): number | null {
  const sealed = unpack(token);
  if (!sealed) return null;
  let plain: string;
  try {
    plain = secrets.decrypt(sealed);
  } catch {
    return null;
  }
  const match = /^pass:(\d+):(\d+)$/.exec(plain);
  if (!match || Number(match[1]) !== eventId) return null;
  return Number(match[2]);
}

/** The pass as a QR code (SVG), for the details page and the Mini App. */
export const passQrSvg = (token: string) =>
  QRCode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
