import { describe, expect, it } from 'vitest';
import { withoutCodes } from './sms';

describe('withoutCodes', () => {
  it('takes a text’s code out of a provider’s answer that quotes the message', () => {
    const body = 'MediSupply code: 482913. It works once.\n\n@shop.example #482913';
    expect(withoutCodes('{"message":"Body MediSupply code: 482913 is too long"}', body)).toBe(
      '{"message":"Body MediSupply code: [code] is too long"}',
    );
  });

  it('leaves an answer without the code as it is', () => {
    expect(withoutCodes('{"code":21211,"message":"Invalid To"}', 'MediSupply code: 482913.')).toBe(
      '{"code":21211,"message":"Invalid To"}',
    );
  });
});
