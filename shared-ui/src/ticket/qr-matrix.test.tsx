import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import QRCode from 'react-qr-code';
import { darkRuns, qrModules, TICKET_QR_LEVEL } from './qr-matrix';

const CODE = 'TDK-REGMI3X9ABCD01-7-Ab3dEf9hIjKlMn';

/** The 7×7 finder pattern every QR has in three corners. */
const FINDER = [
  [1, 1, 1, 1, 1, 1, 1],
  [1, 0, 0, 0, 0, 0, 1],
  [1, 0, 1, 1, 1, 0, 1],
  [1, 0, 1, 1, 1, 0, 1],
  [1, 0, 1, 1, 1, 0, 1],
  [1, 0, 0, 0, 0, 0, 1],
  [1, 1, 1, 1, 1, 1, 1],
].map((row) => row.map(Boolean));

const corner = (modules: boolean[][], top: number, left: number) =>
  modules.slice(top, top + 7).map((row) => row.slice(left, left + 7));

describe('qrModules', () => {
  it('is a square symbol of a QR version with the three finder patterns', () => {
    const modules = qrModules(CODE);
    const count = modules.length;
    expect((count - 17) % 4).toBe(0);
    expect(modules.every((row) => row.length === count)).toBe(true);
    expect(corner(modules, 0, 0)).toEqual(FINDER);
    expect(corner(modules, 0, count - 7)).toEqual(FINDER);
    expect(corner(modules, count - 7, 0)).toEqual(FINDER);
  });

  it('is the very symbol the screen shows (react-qr-code at the same level)', () => {
    const { container } = render(<QRCode value={CODE} level={TICKET_QR_LEVEL} />);
    const [, dark] = container.querySelectorAll('path');
    const modules = qrModules(CODE);
    const onScreen = modules.map((row) => row.map(() => false));
    for (const [, column, row] of dark!.getAttribute('d')!.matchAll(/M (\d+) (\d+)/g))
      onScreen[Number(row)]![Number(column)] = true;
    expect(onScreen).toEqual(modules);
  });

  it('gives another symbol for another ticket code, and the same one for the same code', () => {
    expect(qrModules(CODE)).toEqual(qrModules(CODE));
    expect(qrModules(CODE)).not.toEqual(qrModules('TDK-REGMI3X9ABCD02-7-Ab3dEf9hIjKlMn'));
  });
});

describe('darkRuns', () => {
  it('covers exactly the dark modules, each once', () => {
    const modules = qrModules(CODE);
    const painted = modules.map((row) => row.map(() => 0));
    for (const run of darkRuns(modules)) {
      for (let column = run.column; column < run.column + run.length; column += 1) painted[run.row]![column]! += 1;
    }
    expect(painted).toEqual(modules.map((row) => row.map((dark) => (dark ? 1 : 0))));
  });

  it('joins neighbours in a row into one run', () => {
    expect(darkRuns([[true, true, false, true]])).toEqual([
      { row: 0, column: 0, length: 2 },
      { row: 0, column: 3, length: 1 },
    ]);
  });
});
