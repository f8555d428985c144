import { describe, expect, it } from 'vitest';
import { catalogueGaps } from './scale-routes.ts';

describe('the scale bench catalogue', () => {
  it('places every declared route (measured, or where and why elsewhere) and names no route that is gone', () => {
    // `npm run bench:scale` refuses to start otherwise; it had rotted unnoticed by 79 routes.
    expect(catalogueGaps()).toEqual({ missing: [], unknown: [] });
  });
});
