import { describe, expect, it } from 'vitest';
import { redeemTarget } from '@/entities/items';

describe('redeemTarget', () => {
  it("sends both gift kinds ('Gift' and 'Gift Card') to the gift checkout of their code", () => {
    expect(redeemTarget({ item_group: 'Gift', item_code: 'GIFT-TOTE' })).toEqual({ kind: 'gift', itemCode: 'GIFT-TOTE' });
    expect(redeemTarget({ item_group: 'Gift Card', item_code: 'CARD-500' })).toEqual({ kind: 'gift', itemCode: 'CARD-500' });
  });

  it('sends any other item to the ordinary checkout', () => {
    expect(redeemTarget({ item_group: 'Clothing', item_code: 'TEE-1' })).toEqual({ kind: 'checkout' });
  });
});
