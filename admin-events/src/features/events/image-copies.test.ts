import { describe, expect, it } from 'vitest';
import { copyWidths } from './image-copies';

describe('copyWidths', () => {
  it('makes only copies narrower than the image', () => {
    expect(copyWidths(2000)).toEqual([480, 960]);
    expect(copyWidths(800)).toEqual([480]);
    expect(copyWidths(480)).toEqual([]);
  });
});
