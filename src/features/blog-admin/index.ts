export { PostsPage } from './components/posts-page';
export { AddPostPage, EditPostPage, ViewPostPage } from './components/post-pages';
export { CategoriesPage } from './components/categories-page';
export { ProfilePage } from './components/profile-page';
