import { defineCatalog } from '../define';

/** Wishlist: tabs, stock states, add to cart. */
export const wishlist = defineCatalog({
  th: {
    title: 'รายการที่ชอบ',
    tabAll: 'ทั้งหมด ({count})',
    tabInStock: 'มีสินค้า ({count})',
    tabOutOfStock: 'สินค้าหมด ({count})',
    inStock: 'มีสินค้า',
    outOfStock: 'สินค้าหมด',
    addToCart: 'ใส่ตะกร้า',
    added: 'เพิ่มลงตะกร้าแล้ว',
    addAria: 'เพิ่ม {name} ในรายการที่ชอบ',
    removeAria: 'นำ {name} ออกจากรายการที่ชอบ',
    empty: 'ยังไม่มีสินค้าในรายการนี้ กดรูปหัวใจที่สินค้าเพื่อเก็บไว้ดูภายหลัง',
    browse: 'ดูสินค้าใหม่',
  },
  en: {
    title: 'Wishlist',
    tabAll: 'All ({count})',
    tabInStock: 'In stock ({count})',
    tabOutOfStock: 'Out of stock ({count})',
    inStock: 'In stock',
    outOfStock: 'Out of stock',
    addToCart: 'Add to cart',
    added: 'Added to cart',
    addAria: 'Add {name} to the wishlist',
    removeAria: 'Remove {name} from the wishlist',
    empty: 'Nothing here yet. Tap the heart on a product to keep it for later.',
    browse: 'See new items',
  },
});
