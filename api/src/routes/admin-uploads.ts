// POST /api/admin/uploads/images (manager; the guard is in admin.ts): one multipart field `image`,
// a real PNG, JPEG, GIF or WebP of at most 5 MB (app.ts refuses a larger body with 413 before it
// is read) → 201 { url: '/uploads/{generated name}' }.
import { Hono } from 'hono';
import { z } from 'zod';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../contract';
import { dataPaths } from '../db/client';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { recordAudit } from '../services/audit';
import { detectImageType, saveUploadedImage } from '../services/uploads';

const invalid = () => new ApiError(400, 'validation_error', IMAGE_MESSAGES.invalid, { image: IMAGE_MESSAGES.invalid });
// The typed client sends `{ form: { image: file } }`; the bytes decide what it is.
const imageForm = z.object({ image: z.instanceof(Blob, { error: IMAGE_MESSAGES.invalid }) });

export const adminUploadRoutes = ({ db, env }: RouteDeps) =>
  new Hono().post('/images', validate('form', imageForm), async (c) => {
    const file = c.req.valid('form').image;
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
