import type { ServerModule } from '../../frappe/module';
import { catalogModule } from '../catalog/index';
import { ordersModule } from '../orders/index';
import { blogCategoryDoctype, blogPostDoctype, branchDoctype } from './doctypes';
import { signUp } from './sign-up';

// The Branch list belongs to the gift checkout too: declare it here only while no other module does.
const branchDeclaredElsewhere = [catalogModule, ordersModule].some((m) => m.doctypes?.some((d) => d.doctype === 'Branch'));

/** Blog posts and categories (admin writes, public reads), the public branch list and the marketing sign-up. */
export const blogModule: ServerModule = {
  name: 'blog',
  methods: [signUp],
  doctypes: [blogPostDoctype, blogCategoryDoctype, ...(branchDeclaredElsewhere ? [] : [branchDoctype])],
};
