import { ipValidateAnswerSchema, SERVICE_LINE_API, type IpValidateAnswer } from '@parapet/shared';
import { api } from './api-client';

/** Why the server refuses an origin address: malformed, or private (docs/certificates-and-origins.md). */
export type OriginProblem = NonNullable<IpValidateAnswer['code']>;

/**
 * POST /api/validate/ipvalidate {topic:'origin', val} → null when the address is a usable
 * origin, else the field code saying why. Spec §4 has a line's origins checked this way before
 * its create or update call.
 */
export async function originProblem(address: string, signal?: AbortSignal): Promise<OriginProblem | null> {
  const answer = ipValidateAnswerSchema.parse(
    await api.post<unknown>(SERVICE_LINE_API.ipValidate, { topic: 'origin', val: address }, { signal }),
  );
  return answer.success ? null : (answer.code ?? 'invalid_origin_address');
}

/** The origins the server does not accept, by index, with why; checked side by side. */
export async function invalidOrigins(
  addresses: readonly string[],
): Promise<Array<{ index: number; code: OriginProblem }>> {
  const problems = await Promise.all(addresses.map((address) => originProblem(address)));
  return problems.flatMap((code, index) => (code ? [{ index, code }] : []));
}
