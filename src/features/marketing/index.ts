export { SiteLayout } from './components/site-layout';
export { HomePage } from './components/home-page';
export { BlogListPage, BlogDetailPage } from './components/blog-pages';
export { AboutPage, BranchPage, PrivacyPage } from './components/info-pages';
export { ProductListPage } from './components/product-list';
export { ProductDetailPage } from './components/product-detail';
export type { ProductFilter, SortKey, ProductCategory } from './data';
