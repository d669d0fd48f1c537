export { PostsPage } from './posts-page';
export { AddPostPage, EditPostPage, ViewPostPage } from './post-pages';
export { CategoriesPage } from './categories-page';
export { ProfilePage } from './profile-page';
