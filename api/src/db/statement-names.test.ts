import { describe, expect, it } from 'vitest';
import { statementNamer } from './statement-names';

describe('statement names', () => {
  it('names a text the same each time it is sent, and another text otherwise', () => {
    const named = statementNamer(10);
    const first = named({ text: 'select 1 where $1', values: [1] });
    const again = named({ text: 'select 1 where $1', values: [2] });
    const other = named({ text: 'select 2' });
    expect(first).toEqual({ text: 'select 1 where $1', values: [1], name: 'tdk_1' });
    expect(again).toEqual({ text: 'select 1 where $1', values: [2], name: 'tdk_1' });
    expect(other).toEqual({ text: 'select 2', name: 'tdk_2' });
  });

  it('sends texts past its limit unnamed, and still names the ones it knows', () => {
    const named = statementNamer(2);
    named({ text: 'a' });
    named({ text: 'b' });
    expect(named({ text: 'c' })).toEqual({ text: 'c' });
    expect(named({ text: 'b' })).toEqual({ text: 'b', name: 'tdk_2' });
  });

  it('leaves a plain string, a config with its own name and a query object alone', () => {
    const named = statementNamer(10);
    const submittable = { text: 'select 3', submit: () => undefined };
    expect(named('select 1')).toBe('select 1');
    expect(named({ text: 'select 2', name: 'mine' })).toEqual({ text: 'select 2', name: 'mine' });
    expect(named(submittable)).toBe(submittable);
  });
});
