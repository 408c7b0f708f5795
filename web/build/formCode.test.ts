import { describe, expect, it } from 'vitest';
import { isFormLibraryModule } from './formCode';

describe('isFormLibraryModule', () => {
  it('names zod, react-hook-form and its resolvers as form code', () => {
    expect(isFormLibraryModule('/app/node_modules/zod/v4/classic/schemas.js')).toBe(true);
    expect(isFormLibraryModule('/app/node_modules/react-hook-form/dist/index.esm.mjs')).toBe(true);
    expect(isFormLibraryModule('C:\\app\\node_modules\\@hookform\\resolvers\\zod\\dist\\zod.mjs')).toBe(true);
  });

  it('leaves other packages and the app alone', () => {
    expect(isFormLibraryModule('/app/node_modules/zodiac/index.js')).toBe(false);
    expect(isFormLibraryModule('/app/node_modules/@mui/material/TextField/TextField.js')).toBe(false);
    expect(isFormLibraryModule('/app/web/src/lib/form/zod.ts')).toBe(false);
  });
});
