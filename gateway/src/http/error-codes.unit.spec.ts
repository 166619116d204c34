import { valueOfCode, type CodeTable } from './error-codes';

describe('valueOfCode', () => {
  const table: CodeTable<number> = { CV_TOO_LARGE: 413, MAINTENANCE: 503 };

  it("gives a code's own entry, and nothing for a code the table does not name", () => {
    expect(valueOfCode(table, 'CV_TOO_LARGE')).toBe(413);
    expect(valueOfCode(table, 'MAINTENANCE')).toBe(503);
    expect(valueOfCode(table, 'EMAIL_TAKEN')).toBeUndefined();
    expect(valueOfCode(table, 'NO_SUCH_CODE')).toBeUndefined();
  });

  it('reads nothing inherited, whatever a code off the wire says', () => {
    expect(valueOfCode(table, 'constructor')).toBeUndefined();
    expect(valueOfCode(table, '__proto__')).toBeUndefined();
  });
});

/** Never used: the type-check fails if a table names a code no union has. */
export const misspeltKeyDoesNotCompile: CodeTable<number> = {
  // @ts-expect-error a misspelt code
  CV_TOO_LARG: 413,
};
