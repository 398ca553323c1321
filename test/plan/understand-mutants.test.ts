/** Cases a mutation run of src/plan/understand.ts showed untested (issue #26 part 3); each cites its section. */
import { describe, expect, it } from 'vitest';
import { specOf } from '../../src/kinds/catalog.js';
import { isQualifierOf } from '../../src/plan/understand.js';

describe('understandQuery edges', () => {
  it('sort: is a qualifier only where the kind has sort keys (B §4: text on topics)', () => {
    expect(isQualifierOf(specOf('issues'), 'sort')).toBe(true);
    expect(isQualifierOf(specOf('topics'), 'sort')).toBe(false);
    expect(isQualifierOf(specOf('issues'), 'in')).toBe(true);
    expect(isQualifierOf(specOf('commits'), 'in')).toBe(false);
    expect(isQualifierOf(specOf('commits'), 'repo')).toBe(true);
    expect(isQualifierOf(specOf('labels'), 'user')).toBe(true);
  });
});
