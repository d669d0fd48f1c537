import { describe, expect, it } from 'vitest';
import { maskPhone } from '../../contracts/privacy';

describe('a masked phone, as a branch manager without access sees it', () => {
  it('shows the network prefix and the last four digits, however the number was written', () => {
    expect(maskPhone('0812341234')).toBe('08x-xxx-1234');
    expect(maskPhone('+66812341234')).toBe('08x-xxx-1234');
    expect(maskPhone('+66 81 234 1234')).toBe('08x-xxx-1234');
    expect(maskPhone('081-234-1234')).toBe('08x-xxx-1234');
  });
  it('never shows more than it hides', () => {
    expect(maskPhone('123')).toBe('xxx');
    expect(maskPhone(null)).toBeNull();
  });
});
