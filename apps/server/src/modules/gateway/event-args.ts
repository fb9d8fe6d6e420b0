// A client event's payload and acknowledgement. socket.io passes the acknowledgement last, after
// however many arguments the client sent: none (`emit('ping', ack)`), one, or more. Read as
// (payload, ack), an event without a payload or with an extra argument was never answered.
export function payloadAndAck<A>(args: unknown[]): { payload: unknown; ack: (answer: A) => void } {
  const last = args.at(-1);
  if (typeof last !== 'function') return { payload: args[0], ack: () => {} };
  return { payload: args.length > 1 ? args[0] : undefined, ack: last as (answer: A) => void };
}
