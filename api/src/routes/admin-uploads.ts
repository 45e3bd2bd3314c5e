// POST /api/admin/uploads/images (manager; the guard is in admin.ts): one multipart field `image`,
// a real PNG, JPEG, GIF or WebP of at most 5 MB (app.ts refuses a larger body with 413 before it
// is read) → 201 { url: '/uploads/{generated name}' }.
import { Hono } from 'hono';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../contract';
import { dataPaths } from '../db/client';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError } from '../http/errors';
import { recordAudit } from '../services/audit';
import { detectImageType, saveUploadedImage } from '../services/uploads';

const invalid = () => new ApiError(400, 'validation_error', IMAGE_MESSAGES.invalid, { image: IMAGE_MESSAGES.invalid });

export const adminUploadRoutes = ({ db, env }: RouteDeps) =>
  new Hono().post('/images', async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw invalid();
    }
    const file = form.get('image');
    if (!(file instanceof Blob)) throw invalid();
    if (file.size > MAX_IMAGE_BYTES)
      throw new ApiError(413, 'payload_too_large', IMAGE_MESSAGES.tooLarge, { image: IMAGE_MESSAGES.tooLarge });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectImageType(bytes);
    if (!type) throw invalid();
    const url = saveUploadedImage(dataPaths(env.dataDir).uploadsDir, bytes, type);
    recordAudit(db, {
      ...auditActor(c),
      action: 'upload',
      entity: 'image',
      entityId: url,
      detail: { bytes: bytes.length, type },
    });
    return c.json({ url }, 201);
  });
