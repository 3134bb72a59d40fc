import { describe, expect, it } from 'vitest';
import { parseOnce } from './parse-once.js';

describe('parseOnce', () => {
  it('parses each text once, a changed text again, and keeps at most its size', () => {
    let parses = 0;
    const parse = parseOnce((text: string) => {
      parses += 1;
      return JSON.parse(text) as { a: number[] };
    }, 2);
    expect(parse('{"a":[1]}')).toBe(parse('{"a":[1]}'));
    expect(parses).toBe(1);
    expect(parse('{"a":[2]}')).toEqual({ a: [2] });
    expect(parses).toBe(2);
    parse('{"a":[3]}');
    parse('{"a":[1]}');
    expect(parses).toBe(4);
  });

  it('hands out frozen values, nested ones too', () => {
    const value = parseOnce((text: string) => JSON.parse(text) as { a: number[] }, 10)('{"a":[1]}');
    expect(() => value.a.push(2)).toThrow(TypeError);
    expect(value).toEqual({ a: [1] });
  });
});
