import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import { files } from '../db/schema/content';
import { isAllowed, type CurrentUser } from './context';
import { FrappeError, notFound, permissionError, validationError } from './errors';

/** What website users may upload (Frappe's list for users without desk access, minus office formats we never show). */
const ALLOWED = new Map<string, string[]>([
  ['image/png', ['.png']],
  ['image/jpeg', ['.jpg', '.jpeg']],
  ['image/webp', ['.webp']],
  ['application/pdf', ['.pdf']],
  ['text/plain', ['.txt']],
]);

/** The file's first bytes must agree with its declared type: a renamed HTML page is not an image. */
function sniff(buf: Buffer): string | null {
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (!buf.subarray(0, 1024).some((b) => b === 0) && !/<\s*(script|html|svg)/i.test(buf.subarray(0, 1024).toString('utf8'))) return 'text/plain';
  return null;
}

/**
 * Only the blog admin (post images) and the catalogue's managers (reward images) upload; the member and staff
 * apps never do. Letting members store public
 * files would make our domain a free host for anything they upload. System Manager passes isAllowed anyway.
 */
const UPLOADERS = ['Blog Manager', 'Loyalty Manager'] as const;

export function registerFiles(app: FastifyInstance, db: Db, config: ServerConfig) {
  const tooLarge = () =>
    new FrappeError('PayloadTooLarge', `File too large: the limit is ${Math.round(config.maxUploadBytes / 1048576)} MB.`, { code: 'file_too_large' });
  fs.mkdirSync(path.join(config.filesDir, 'public'), { recursive: true });
  fs.mkdirSync(path.join(config.filesDir, 'private'), { recursive: true });

  app.post('/api/method/upload_file', async (req, reply) => {
    if (!isAllowed(req.user, UPLOADERS)) throw permissionError('You are not permitted to upload files.');
    if (!req.isMultipart()) throw validationError('Upload the file as multipart form data in the field "file".');
    const fields: Record<string, string> = {};
    let upload: { filename: string; mimetype: string; data: Buffer } | undefined;
    for await (const part of req.parts({ limits: { fileSize: config.maxUploadBytes, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') { await part.toBuffer(); continue; }
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
        });
        if (part.file.truncated) throw tooLarge();
        upload = { filename: part.filename, mimetype: part.mimetype, data };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!upload) throw validationError('No file attached');
    const ext = path.extname(upload.filename).toLowerCase();
    const sniffed = sniff(upload.data);
    const allowedExt = ALLOWED.get(upload.mimetype);
    if (!allowedExt || !allowedExt.includes(ext) || sniffed !== upload.mimetype) {
      throw validationError('You can only upload JPG, PNG, WEBP, PDF or TXT files.', 'file_type_not_allowed');
    }
    const isPrivate = fields.is_private === '1' ? 1 : 0;
    const name = randomUUID().replace(/-/g, '').slice(0, 16);
    const stored = `${name}${ext}`;
    const dir = path.join(config.filesDir, isPrivate ? 'private' : 'public');
    await fs.promises.writeFile(path.join(dir, stored), upload.data);
    const safeName = path.basename(upload.filename).replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120);
    const [doc] = await db
      .insert(files)
      .values({
        name,
        file_name: safeName,
        file_url: isPrivate ? `/private/files/${stored}` : `/files/${stored}`,
        is_private: isPrivate,
        content_type: upload.mimetype,
        file_size: upload.data.length,
        content_hash: createHash('md5').update(upload.data).digest('hex'),
        folder: fields.folder?.slice(0, 140) || 'Home',
        attached_to_doctype: fields.doctype?.slice(0, 140) || null,
        attached_to_name: fields.docname?.slice(0, 140) || null,
        attached_to_field: fields.fieldname?.slice(0, 140) || null,
        owner: req.user.name,
      })
      .returning();
    return reply.send({ message: { ...doc, doctype: 'File' } });
  });

  const serve = (isPrivate: boolean) => async (req: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
    const file = path.basename(req.params.file);
    // `.` and `..` name the folder itself or its parent: only stored files are served.
    if (file === '' || file === '.' || file === '..') throw notFound('File not found');
    if (isPrivate) {
      const [doc] = await db.select().from(files).where(eq(files.file_url, `/private/files/${file}`)).limit(1);
      if (!doc || !canReadPrivate(req.user, doc.owner)) throw notFound('File not found');
    }
    const full = path.join(config.filesDir, isPrivate ? 'private' : 'public', file);
    const stat = await fs.promises.stat(full).catch(() => null);
    if (!stat?.isFile()) throw notFound('File not found');
    const type = [...ALLOWED.entries()].find(([, exts]) => exts.includes(path.extname(file).toLowerCase()))?.[0] ?? 'application/octet-stream';
    reply.header('content-type', type).header('x-content-type-options', 'nosniff');
    reply.header('cache-control', isPrivate ? 'private, no-store' : 'public, max-age=86400');
    return reply.send(fs.createReadStream(full));
  };
  app.get('/files/:file', serve(false));
  app.get('/private/files/:file', serve(true));
}

function canReadPrivate(user: CurrentUser, owner: string) {
  return !user.isGuest && (user.name === owner || user.roles.includes('System Manager'));
}
