import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fixedAnswer, isFixedAnswer } from './fixed-answers.js';
import { responseSerializerCompiler } from './response-serializer.js';

/** A schema that counts how often it checks an answer, and a serializer for it. */
function counted() {
  const seen = { checks: 0 };
  const schema = z.object({
    name: z.string().refine(() => {
      seen.checks += 1;
      return true;
    }),
    roles: z.array(z.object({ group: z.string() })),
  });
  const write = responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
  return { seen, write };
}

describe('the response serializer', () => {
  it('checks and strips every answer at every request', () => {
    const { seen, write } = counted();
    const answer = { name: 'a', roles: [{ group: 'g', secret: 1 }], hidden: true };
    expect(write(answer)).toBe('{"name":"a","roles":[{"group":"g"}]}');
    expect(write(answer)).toBe('{"name":"a","roles":[{"group":"g"}]}');
    expect(seen.checks).toBe(2);
    expect(() => write({ name: 1, roles: [] })).toThrow();
  });

  it('writes an answer that cannot change once, and its text again while it lives', () => {
    const { seen, write } = counted();
    const answer = fixedAnswer({ name: 'a', roles: [{ group: 'g', secret: 1 }], hidden: true });
    expect(Object.isFrozen(answer.roles[0])).toBe(true);
    expect(isFixedAnswer(answer)).toBe(true);
    expect(isFixedAnswer(answer.roles)).toBe(false);
    expect(write(answer)).toBe('{"name":"a","roles":[{"group":"g"}]}');
    expect(write(answer)).toBe('{"name":"a","roles":[{"group":"g"}]}');
    expect(seen.checks).toBe(1);
    // Another route's schema checks and strips the same answer for itself.
    const other = counted();
    expect(other.write(answer)).toBe('{"name":"a","roles":[{"group":"g"}]}');
    expect(other.seen.checks).toBe(1);
    // A new answer with other content is a new object: checked and written anew.
    expect(write(fixedAnswer({ name: 'b', roles: [] }))).toBe('{"name":"b","roles":[]}');
    expect(seen.checks).toBe(2);
  });

  it('never keeps a wrong answer: it is refused each time', () => {
    const { write } = counted();
    const wrong = fixedAnswer({ name: 'a' });
    expect(() => write(wrong)).toThrow();
    expect(() => write(wrong)).toThrow();
  });
});
