// Answers shared by many requests are checked and serialised once. The lobby's lists are the same
// for every player (issue #16: 10,000 players ask for them, each time a check against the response
// schema and a JSON.stringify of every machine), so the lobby builds each list once for a short
// while and marks it shared; the serializer keeps the JSON of a marked answer by its identity.
// A shared answer is frozen all the way down, so the JSON kept for it can never go stale.
import type { FastifySerializerCompiler } from 'fastify/types/schema';

const shared = new WeakSet<object>();

/** Freezes the answer all the way down and marks it: its JSON is made once, however often sent. */
export function shareAnswer<T extends object>(answer: T): T {
  deepFreeze(answer);
  shared.add(answer);
  return answer;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** The compiler's serializers, each keeping the JSON of the shared answers it has made. */
export function withSharedAnswers<S>(compile: FastifySerializerCompiler<S>) {
  return (route: Parameters<FastifySerializerCompiler<S>>[0]) => {
    const serialize = compile(route);
    const made = new WeakMap<object, string>();
    return (data: unknown): string => {
      if (typeof data !== 'object' || data === null || !shared.has(data)) return serialize(data);
      let json = made.get(data);
      if (json === undefined) {
        json = serialize(data);
        made.set(data, json);
      }
      return json;
    };
  };
}
