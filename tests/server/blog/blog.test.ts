import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, serverMessage, Session, STAFF, type TestServer } from '../../support/server';
import { resource, userWithRoles } from './helpers';
import { seedBlog } from '../../../server/seed/blog';
import { blogPosts } from '../../../server/db/schema/content';
import { inArray } from 'drizzle-orm';
import { today } from '../../../contracts/business-day';

let server: TestServer;
let admin: Session;

beforeAll(async () => {
  server = await createTestServer();
  admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
});
afterAll(async () => server?.close());

async function createCategory(title: string) {
  const res = await admin.request({ method: 'POST', url: resource('Blog Category'), payload: { title } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { name: string; title: string };
}

async function createPost(body: Record<string, unknown>) {
  const res = await admin.request({ method: 'POST', url: resource('Blog Post'), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, string>;
}

describe('Blog Category', () => {
  it('an admin creates a category that everyone can list', async () => {
    const created = await createCategory('  เค้กวันเกิด  ');
    expect(created).toMatchObject({ name: 'เค้กวันเกิด', title: 'เค้กวันเกิด', doctype: 'Blog Category' });
    const guest = new Session(server.app);
    const list = await guest.request({ method: 'GET', url: resource('Blog Category'), query: { fields: '["name","title"]', limit: '0' } });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual({ name: 'เค้กวันเกิด', title: 'เค้กวันเกิด' });
  });

  it('refuses an empty or duplicate category name', async () => {
    const empty = await admin.request({ method: 'POST', url: resource('Blog Category'), payload: { title: '   ' } });
    expect(empty.statusCode).toBe(417);
    expect(serverMessage(empty.json())).toBe('Category Name is required');
    await createCategory('Cookies');
    const dup = await admin.request({ method: 'POST', url: resource('Blog Category'), payload: { title: 'cookies' } });
    expect(dup.statusCode).toBe(409);
  });

  it('updates and deletes a category without posts; the dialog field `category` is read as the title', async () => {
    const cat = await createCategory('Drinks');
    const upd = await admin.request({ method: 'PUT', url: resource('Blog Category', cat.name), payload: { category: 'Coffee & Tea' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.title).toBe('Coffee & Tea');
    const del = await admin.request({ method: 'DELETE', url: resource('Blog Category', cat.name) });
    expect(del.statusCode).toBe(202);
    const gone = await admin.request({ method: 'GET', url: resource('Blog Category', cat.name) });
    expect(gone.statusCode).toBe(404);
  });

  it("refuses to update or delete a category while posts relate to it, with the original texts", async () => {
    const cat = await createCategory('Bread');
    await createPost({ title: 'Sourdough at home', blog_category: cat.name, content: 'Flour, water, salt.' });
    const upd = await admin.request({ method: 'PUT', url: resource('Blog Category', cat.name), payload: { title: 'Breads' } });
    expect(upd.statusCode).toBe(417);
    expect(serverMessage(upd.json())).toBe(
      'Sorry, you cannot update the blog category while there are posts that relate to this blog category.',
    );
    const del = await admin.request({ method: 'DELETE', url: resource('Blog Category', cat.name) });
    expect(del.statusCode).toBe(417);
    expect(serverMessage(del.json())).toBe(
      'Sorry, you cannot delete the blog category while there are posts that relate to this blog category.',
    );
    const still = await admin.request({ method: 'GET', url: resource('Blog Category', cat.name) });
    expect(still.json().data.title).toBe('Bread');
  });
});

describe('Blog Post', () => {
  it('creates a post with sanitised HTML, the author as blogger and today as the default date', async () => {
    const cat = await createCategory('Tips');
    const post = await createPost({
      title: 'Pure butter',
      blog_category: cat.name,
      content: '<p onclick="steal()">Butterfat over 80%<script>alert(1)</script></p><img src="javascript:alert(1)"><a href="https://example.com" target="_blank">more</a>',
      meta_image: '/files/abc123.jpg',
      blogger: 'someone else',
    });
    expect(post.name).toBe('pure-butter');
    expect(post.blogger).toBe('Administrator');
    expect(post.published_on).toBe(today());
    expect(post.content).not.toMatch(/script|onclick|javascript/);
    expect(post.content).toContain('<p>Butterfat over 80%</p>');
    expect(post.content).toContain('rel="noopener noreferrer"');
    expect(post.meta_image).toBe('/files/abc123.jpg');
    const again = await createPost({ title: 'Pure butter', blog_category: cat.name, content: 'x' });
    expect(again.name).toBe('pure-butter-2');
  });

  it('turns plain multi-line text into paragraphs', async () => {
    const cat = await createCategory('Plain');
    const post = await createPost({ title: 'Lines', blog_category: cat.name, content: 'sugar < 5 g & cream\ntwo\n\nthree', published_on: '2024-02-29' });
    expect(post.content).toBe('<p>sugar &lt; 5 g &amp; cream<br />two</p><p>three</p>');
    const typed = await createPost({ title: 'Typed tags', blog_category: cat.name, content: 'Use <b>real</b> butter\n\n<script>alert(1)</script>' });
    expect(typed.content).toBe('<p>Use &lt;b&gt;real&lt;/b&gt; butter</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(post.published_on).toBe('2024-02-29');
  });

  it('gives the editor back exactly what was typed, and saving it unchanged stores the same post', async () => {
    const cat = await createCategory('Round trip');
    const typed = 'First line  \nsecond line\n\n\nUse <b>real</b> butter & <script>x</script>\n\n  indented\n';
    const post = await createPost({ title: 'Round trip', blog_category: cat.name, content: typed });
    const read = async (s: Session) => (await s.request({ method: 'GET', url: resource('Blog Post', post.name) })).json().data as Record<string, string>;
    const edited = await read(admin);
    expect(edited.content_source).toBe(typed);
    const put = await admin.request({ method: 'PUT', url: resource('Blog Post', post.name), payload: { content: edited.content_source } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.content).toBe(post.content);
    expect((await read(admin)).content_source).toBe(typed);

    // Readers get the sanitised HTML only: never the typed source, not even by asking for the field.
    const guest = new Session(server.app);
    expect(await read(guest)).not.toHaveProperty('content_source');
    const list = await guest.request({ method: 'GET', url: resource('Blog Post'), query: { fields: '["name","content_source"]' } });
    expect(list.statusCode).toBe(417);
  });

  it('a post saved before its source was kept opens as its typed text, or as its HTML when written as HTML', async () => {
    const cat = await createCategory('Older posts');
    const plain = (await createPost({ title: 'Older plain', blog_category: cat.name, content: 'a < b & "c"\nd\n\ne' })) as { name: string; content: string };
    const html = (await createPost({ title: 'Older html', blog_category: cat.name, content: '<h3>Butter</h3>\n<p>over 80%</p>' })) as { name: string; content: string };
    await server.database.db.update(blogPosts).set({ content_source: null }).where(inArray(blogPosts.name, [plain.name, html.name]));
    const source = async (name: string) => (await admin.request({ method: 'GET', url: resource('Blog Post', name) })).json().data.content_source;
    expect(await source(plain.name)).toBe('a < b & "c"\nd\n\ne');
    expect(await source(html.name)).toBe(html.content);
    for (const [name, content] of [[plain.name, plain.content], [html.name, html.content]] as const) {
      const put = await admin.request({ method: 'PUT', url: resource('Blog Post', name), payload: { content: await source(name) } });
      expect(put.json().data.content).toBe(content);
    }
  });

  it('validates title, category, date and image address', async () => {
    const cat = await createCategory('Validation');
    const cases: [Record<string, unknown>, string][] = [
      [{ blog_category: cat.name }, 'Title is required'],
      [{ title: 'x' }, 'Category is required'],
      [{ title: 'x', blog_category: 'no-such-category' }, 'The chosen blog category does not exist'],
      [{ title: 'x', blog_category: cat.name, published_on: '2023-02-30' }, 'Date must be a valid date (YYYY-MM-DD)'],
      [{ title: 'x', blog_category: cat.name, published_on: '0001-01-01' }, 'Dates must be from 1900-01-01 to 2200-12-31'],
      [{ title: 'x', blog_category: cat.name, published_on: '9999-12-31' }, 'Dates must be from 1900-01-01 to 2200-12-31'],
      [{ title: 'x', blog_category: cat.name, meta_image: 'javascript:alert(1)' }, 'Image must be an uploaded file or an https address'],
      [{ title: 'x', blog_category: cat.name, meta_image: '/files/../secret' }, 'Image must be an uploaded file or an https address'],
      [{ title: 'x', blog_category: cat.name, meta_image: '/files/0a1b2c.pdf' }, 'Image must be a JPG, PNG or WEBP file'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.request({ method: 'POST', url: resource('Blog Post'), payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(417);
      expect(serverMessage(res.json())).toBe(message);
    }
  });

  it('shows unpublished posts to blog managers only', async () => {
    const cat = await createCategory('Drafts');
    const draft = await createPost({ title: 'Secret draft', blog_category: cat.name, content: 'soon', published: 0 });
    const guest = new Session(server.app);
    const seen = await guest.request({ method: 'GET', url: resource('Blog Post'), query: { fields: '["name"]', limit: '0' } });
    expect(seen.json().data.map((p: { name: string }) => p.name)).not.toContain(draft.name);
    expect((await guest.request({ method: 'GET', url: resource('Blog Post', draft.name) })).statusCode).toBe(404);
    const guestCount = await guest.call('frappe.client.get_count', { doctype: 'Blog Post' }, 'GET');
    const adminCount = await admin.call('frappe.client.get_count', { doctype: 'Blog Post' }, 'GET');
    expect(adminCount.json().message).toBe(guestCount.json().message + 1);
    const manager = await userWithRoles(server, ['Blog Manager']);
    const managerView = await manager.session.request({ method: 'GET', url: resource('Blog Post', draft.name) });
    expect(managerView.statusCode).toBe(200);
  });

  it('a Blog Manager (without System Manager) can write posts and categories', async () => {
    const manager = await userWithRoles(server, ['Blog Manager']);
    const res = await manager.session.request({ method: 'POST', url: resource('Blog Category'), payload: { title: 'Manager made' } });
    expect(res.statusCode).toBe(200);
    const post = await manager.session.request({
      method: 'POST',
      url: resource('Blog Post'),
      payload: { title: 'By a manager', blog_category: res.json().data.name, content: 'hi' },
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().data.blogger).toMatch(/^Blog Test/);
  });
});

/** A real post image upload (the blog admin's only upload), so a 403 cannot come from a malformed body. */
function imageUpload() {
  const boundary = '----blogtest';
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="doctype"\r\n\r\nBlog Post\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { method: 'POST' as const, url: '/api/method/upload_file', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('admin writes are refused to members, staff and visitors', () => {
  const writes = (cat: string, post: string) => [
    { method: 'POST' as const, url: resource('Blog Category'), payload: { title: 'Hacked' } },
    { method: 'PUT' as const, url: resource('Blog Category', cat), payload: { title: 'Hacked' } },
    { method: 'DELETE' as const, url: resource('Blog Category', cat) },
    { method: 'POST' as const, url: resource('Blog Post'), payload: { title: 'Hacked', blog_category: cat } },
    { method: 'PUT' as const, url: resource('Blog Post', post), payload: { title: 'Hacked' } },
    { method: 'DELETE' as const, url: resource('Blog Post', post) },
    imageUpload(),
  ];

  it('403 for every admin call with a member cookie, a member API token, and staff; 403 for guests', async () => {
    const cat = await createCategory('Protected');
    const post = await createPost({ title: 'Protected post', blog_category: cat.name, content: 'x' });
    const member = await userWithRoles(server, ['Member']);
    const staff = new Session(server.app);
    expect((await staff.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
    const guest = new Session(server.app);
    for (const call of writes(cat.name, post.name!)) {
      const viaCookie = await member.session.request(call);
      expect(viaCookie.statusCode, `member cookie ${call.method} ${call.url}`).toBe(403);
      const viaToken = await server.app.inject({ ...call, headers: { ...('headers' in call ? call.headers : {}), authorization: member.token } });
      expect(viaToken.statusCode, `member token ${call.method} ${call.url}`).toBe(403);
      const viaStaff = await staff.request(call);
      expect(viaStaff.statusCode, `staff ${call.method} ${call.url}`).toBe(403);
      const viaGuest = await guest.request(call);
      expect(viaGuest.statusCode, `guest ${call.method} ${call.url}`).toBe(403);
    }
    expect((await admin.request(imageUpload())).statusCode, 'the same upload by an admin').toBe(200);
    const cats = await admin.request({ method: 'GET', url: resource('Blog Category', cat.name) });
    expect(cats.json().data.title).toBe('Protected');
    const posts = await admin.request({ method: 'GET', url: resource('Blog Post', post.name) });
    expect(posts.json().data.title).toBe('Protected post');
  });
});

describe('Branch', () => {
  it('anyone can list branches with their opening hours', async () => {
    const guest = new Session(server.app);
    await server.database.db.transaction((tx) => seedBlog(tx));
    const res = await guest.request({ method: 'GET', url: resource('Branch'), query: { fields: '["name","opening_hours"]' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThanOrEqual(2);
    expect(res.json().data[0].opening_hours).toBe('08:00-17:30');
  });
});
