import { ipValidateAnswerSchema, SERVICE_LINE_API } from '@parapet/shared';
import { api } from './api-client';

/**
 * POST /api/validate/ipvalidate {topic:'origin', val} → is it a usable origin address. Spec §4
 * has a line's origins checked this way before its create or update call.
 */
export async function validateOrigin(address: string, signal?: AbortSignal): Promise<boolean> {
  return ipValidateAnswerSchema.parse(await api.post<unknown>(SERVICE_LINE_API.ipValidate, { topic: 'origin', val: address }, { signal })).success;
}

/** The indexes of the origins the server does not accept, checked side by side. */
export async function invalidOrigins(addresses: readonly string[]): Promise<number[]> {
  const valid = await Promise.all(addresses.map((address) => validateOrigin(address)));
  return valid.flatMap((ok, i) => (ok ? [] : [i]));
}
