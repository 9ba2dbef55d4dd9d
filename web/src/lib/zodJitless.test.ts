import { describe, expect, it } from 'vitest';
import './zodJitless';
import { config, z } from 'zod/mini';

describe('zodJitless', () => {
  it('makes zod jitless, in the settings zod itself reads', () => {
    expect(config().jitless).toBe(true);
  });

  it('parses objects without compiling a parser', () => {
    const compiled: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        compiled.push(args);
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toEqual([]);
  });
});
