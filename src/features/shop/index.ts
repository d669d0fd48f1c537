export { ShopHome, SearchToggle } from './components/shop-home';
export { ShopGrid } from './components/shop-grid';
export { SortFilter } from './components/sort-filter';
export { AdvancedFilter } from './components/advanced-filter';
export { ProductCard } from './components/product-card';
export { ProductCompare } from './components/product-compare';
export { shopGridQuery, itemsByNameQuery, type Item } from './api';
export { parseShopSearch, type ShopSearch } from './search';
