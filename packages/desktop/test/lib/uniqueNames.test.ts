import { describe, expect, it } from 'vitest';
import { AppError } from '../../app/main/lib/errors';
import { assertNameFree, findNamed, freeName, sameName } from '../../app/main/lib/uniqueNames';

function refusal(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.toData() : error;
  }
  return undefined;
}

describe('sameName / findNamed', () => {
  it('ignores case, surrounding and repeated spaces, full-width forms and invisible characters', () => {
    expect(sameName('GitHub', '  github ')).toBe(true);
    expect(sameName('My  Server', 'my server')).toBe(true);
    expect(sameName('ＧｉｔＨｕｂ', 'github')).toBe(true);
    expect(sameName('git\u200bhub', 'github')).toBe(true);
    expect(sameName('github', 'gitlab')).toBe(false);
  });

  it('takes look-alike letters of other scripts for the Latin ones', () => {
    expect(sameName('gіthub', 'github')).toBe(true); // Cyrillic і
    expect(sameName('РОSТGRЕS', 'postgres')).toBe(true); // Cyrillic Р, О, Е
    expect(sameName('Straße', 'STRASSE')).toBe(true);
  });

  it('finds the item by name in that sense, or nothing', () => {
    const items = [{ name: 'Files' }, { name: 'Clock Math' }];
    expect(findNamed(items, 'clock  math')).toBe(items[1]);
    expect(findNamed(items, 'fіles')).toBe(items[0]);
    expect(findNamed(items, 'weather')).toBeUndefined();
    expect(findNamed([], 'x')).toBeUndefined();
  });
});

describe('freeName', () => {
  it('keeps a free name and numbers a taken one from 2', () => {
    expect(freeName('GitHub', [], 40)).toBe('GitHub');
    expect(freeName('GitHub', ['github'], 40)).toBe('GitHub 2');
    expect(freeName('GitHub', ['GitHub', 'GitHub 2', 'github 3'], 40)).toBe('GitHub 4');
  });

  it('skips a number whose name is taken by a look-alike', () => {
    expect(freeName('File', ['Fіle', 'FILE 2'], 40)).toBe('File 3');
    expect(freeName('File', ['file', 'Fіle 2'], 40)).toBe('File 3');
  });

  it('cuts the base so the suffix fits the maximum length', () => {
    const base = 'x'.repeat(10);
    expect(freeName(base, [base], 10)).toBe(`${'x'.repeat(8)} 2`);
    const taken = [base, ...Array.from({ length: 8 }, (_, i) => `${'x'.repeat(8)} ${i + 2}`)];
    expect(freeName(base, taken, 10)).toBe(`${'x'.repeat(7)} 10`);
  });
});

describe('assertNameFree', () => {
  it('passes when no one holds the name, or the record itself does', () => {
    expect(refusal(() => assertNameFree('GitHub', undefined))).toBeUndefined();
    expect(refusal(() => assertNameFree('GitHub', { id: 'a', name: 'github' }, 'a'))).toBeUndefined();
  });

  it('refuses the same spelling as duplicate and a look-alike as confusable, naming the holder', () => {
    expect(refusal(() => assertNameFree(' GITHUB ', { id: 'a', name: 'GitHub' }, 'b'))).toEqual({
      code: 'VALIDATION',
      fieldErrors: [{ field: 'name', code: 'duplicate', params: { name: 'GitHub' } }],
    });
    expect(refusal(() => assertNameFree('gіthub', { id: 'a', name: 'GitHub' }))).toEqual({
      code: 'VALIDATION',
      fieldErrors: [{ field: 'name', code: 'confusable', params: { name: 'GitHub' } }],
    });
  });
});
