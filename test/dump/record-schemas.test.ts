/**
 * The record schemas are compiled without checking them against ajv's meta-schema (record-schemas.ts, to spare a
 * cold build that compile): this is where they are checked, each under ajv's strict mode.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { prepareValidators, recordSchemas, validateRecords, type SchemaName } from '../../src/dump/record-schemas.js';

const { Ajv } = createRequire(import.meta.url)('ajv') as typeof import('ajv');

describe('record schemas', () => {
  it.each(Object.keys(recordSchemas()) as SchemaName[])('%s is a valid schema under ajv strict mode', (name) => {
    const ajv = new Ajv({ allErrors: false, allowUnionTypes: true, strict: true });
    expect(ajv.validateSchema(recordSchemas()[name])).toBe(true);
    expect(() => ajv.compile(recordSchemas()[name])).not.toThrow();
  });

  it('prepareValidators compiles ahead; validateRecords then checks as before', async () => {
    await prepareValidators(['issues', 'pulls']);
    expect(() => validateRecords('issues', [{ number: 1, title: 't' }], 'issues.json')).not.toThrow();
    expect(() => validateRecords('issues', [{ number: 1, title: 't' }, { number: 'x', title: 't' }], 'issues.json')).toThrow(
      /issues\.json.*record 1.*number/,
    );
  });
});
