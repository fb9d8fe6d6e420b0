// What every answer to bad input must look like: a refusal is `{code, ErrorMessage}` with a code
// of the catalogue (packages/protocol/src/codes.ts), never a 5xx or a bare 50000.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';

export type FindingKind =
  | '5xx'
  | 'crash'
  | 'invariant'
  | 'refusal-shape'
  | 'no-answer'
  | 'no-schema';

export interface Finding {
  kind: FindingKind;
  /** the case it happened in (or around, for log lines and process events) */
  index: number;
  detail: string;
}

/** Why a refusal body is not in the app's shape, or null when it is. */
export function refusalProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return `not an object: ${JSON.stringify(body)?.slice(0, 200)}`;
  }
  const { code, ErrorMessage } = body as { code?: unknown; ErrorMessage?: unknown };
  if (typeof code !== 'number') return `no numeric code: ${JSON.stringify(body).slice(0, 200)}`;
  if (!(code in errorMessages) || code === ErrorCode.success) {
    return `code ${code} is not a refusal of the catalogue`;
  }
  if (typeof ErrorMessage !== 'string' || ErrorMessage.length === 0) {
    return `code ${code} without an ErrorMessage`;
  }
  return null;
}

/** An HTTP answer: 5xx, or a 4xx whose body is not a catalogue refusal. */
export function httpProblem(
  method: string,
  status: number,
  text: string,
): { kind: FindingKind; detail: string } | null {
  if (status >= 500) return { kind: '5xx', detail: `${status} ${text.slice(0, 300)}` };
  if (status < 400 || method === 'HEAD') return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'refusal-shape', detail: `${status} not JSON: ${text.slice(0, 200)}` };
  }
  const problem = refusalProblem(body);
  return problem ? { kind: 'refusal-shape', detail: `${status} ${problem}` } : null;
}

/** A socket acknowledgement: 20000 with its answer, or a catalogue refusal that is not 50000. */
export function ackProblem(ack: unknown): { kind: FindingKind; detail: string } | null {
  const code = (ack as { code?: unknown } | null)?.code;
  if (code === ErrorCode.success) return null;
  if (code === ErrorCode.internal)
    return { kind: '5xx', detail: JSON.stringify(ack).slice(0, 300) };
  const problem = refusalProblem(ack);
  return problem ? { kind: 'refusal-shape', detail: problem } : null;
}
