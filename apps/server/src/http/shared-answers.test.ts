import { describe, expect, it, vi } from 'vitest';
import { shareAnswer, withSharedAnswers } from './shared-answers';

/** A compiler whose serializers count their calls. */
function counting() {
  const calls = vi.fn((data: unknown) => JSON.stringify(data));
  const serialize = withSharedAnswers(() => calls)({} as never);
  return { calls, serialize };
}

describe('shared answers', () => {
  it('serialises a shared answer once, however often it is sent', () => {
    const { calls, serialize } = counting();
    const list = shareAnswer([{ id: 1, brand: { name: 'A' } }]);
    expect(serialize(list)).toBe('[{"id":1,"brand":{"name":"A"}}]');
    expect(serialize(list)).toBe('[{"id":1,"brand":{"name":"A"}}]');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('serialises every other answer each time, even an equal or frozen one', () => {
    const { calls, serialize } = counting();
    const answer = { id: 1 };
    serialize(answer);
    answer.id = 2;
    expect(serialize(answer)).toBe('{"id":2}');
    serialize(Object.freeze({ id: 3 }));
    serialize(Object.freeze({ id: 3 }));
    expect(calls).toHaveBeenCalledTimes(4);
  });

  it('freezes a shared answer all the way down, so its JSON cannot go stale', () => {
    const list = shareAnswer([{ id: 1, brand: { name: 'A' } }]);
    expect(() => {
      list[0]!.brand.name = 'B';
    }).toThrow(TypeError);
    expect(() => list.push({ id: 2, brand: { name: 'C' } })).toThrow(TypeError);
  });
});
