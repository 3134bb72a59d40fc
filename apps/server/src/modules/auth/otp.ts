import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { OtpSetup } from '@parapet/shared';

const ISSUER = 'Parapet';
/** One step either side absorbs a phone clock that is up to 30 s off. */
const EPOCH_TOLERANCE_S = 30;

export async function newOtpSetup(username: string): Promise<OtpSetup> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer: ISSUER, label: username, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 });
  return { secret, otpauthUrl, qrDataUrl };
}

/**
 * The time step a code belongs to when it is valid and newer than `afterStep`, else undefined.
 * Storing the step of each accepted code makes a code usable once (no replay).
 */
export async function acceptOtp(
  secret: string,
  token: string,
  afterStep: number | null | undefined,
): Promise<number | undefined> {
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: EPOCH_TOLERANCE_S,
      ...(afterStep === null || afterStep === undefined ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}
