import { describe, expect, it } from 'vitest';
import { myDataFileName } from './download';

describe('myDataFileName', () => {
  it('names the copy by the day it was made', () => {
    expect(myDataFileName('2026-11-24T20:52:51.000Z')).toBe('my-data-2026-11-24.json');
  });
});
