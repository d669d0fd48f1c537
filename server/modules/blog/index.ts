import type { ServerModule } from '../../frappe/module';
import { audited } from '../audit/service';
import { blogCategoryDoctype, blogPostDoctype } from './doctypes';
import { signUp } from './sign-up';

/** Blog posts and categories (admin writes, public reads, every write audited) and the marketing sign-up. */
export const blogModule: ServerModule = {
  name: 'blog',
  methods: [signUp],
  doctypes: [audited(blogPostDoctype), audited(blogCategoryDoctype)],
};
