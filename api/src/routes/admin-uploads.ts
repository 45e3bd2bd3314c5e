// POST /api/admin/uploads/images (manager; the guard is in admin.ts): one multipart field `image`,
// a real PNG, JPEG, GIF or WebP of at most 5 MB (app.ts refuses a larger body with 413 before it
// is read) and of at most 40 megapixels by its header (read, never decoded) → 201 { url: '/uploads/{generated name}' }. With `variantOf` (an uploaded image's URL)
// and `width` (480 or 960) it is a narrower copy of that image for srcset → 201 { url } of the copy.
import { Hono } from 'hono';
import { z } from 'zod';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { recordAudit } from '../services/audit';
import { detectImageType, imageSizeProblem, saveImageVariant, saveUploadedImage } from '../services/uploads';

const invalid = () => new ApiError(400, 'validation_error', IMAGE_MESSAGES.invalid, { image: IMAGE_MESSAGES.invalid });
// The typed client sends `{ form: { image: file } }`; the bytes decide what it is.
const imageForm = z.object({
  image: z.instanceof(Blob, { error: IMAGE_MESSAGES.invalid }),
  variantOf: z.string().max(200).optional(),
  width: z.coerce.number().int().optional(),
});

const VARIANT_MESSAGES = {
  'unknown-image': { variantOf: 'No uploaded image has this URL' },
  width: { width: 'Width must be 480 or 960' },
  type: { image: 'A copy must be of the same type as its image' },
} as const;

export const adminUploadRoutes = ({ db, env }: RouteDeps) =>
  new Hono().post('/images', validate('form', imageForm), async (c) => {
    const { image: file, variantOf, width } = c.req.valid('form');
    if (file.size > MAX_IMAGE_BYTES)
      throw new ApiError(413, 'payload_too_large', IMAGE_MESSAGES.tooLarge, { image: IMAGE_MESSAGES.tooLarge });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectImageType(bytes);
    if (!type) throw invalid();
    const sizeProblem = imageSizeProblem(bytes, type);
    if (sizeProblem === 'invalid') throw invalid();
    if (sizeProblem === 'too-many-pixels')
      throw new ApiError(400, 'validation_error', IMAGE_MESSAGES.tooManyPixels, { image: IMAGE_MESSAGES.tooManyPixels });
    if (variantOf !== undefined || width !== undefined) {
      const saved = saveImageVariant(env.uploadsDir, variantOf ?? '', width ?? 0, bytes, type);
      if ('refused' in saved) {
        const fields = VARIANT_MESSAGES[saved.refused];
        throw new ApiError(400, 'validation_error', Object.values(fields)[0]!, fields);
      }
      // A copy of an image already recorded: no audit entry of its own.
      return c.json({ url: saved.url }, 201);
    }
    // The file is written first: the transaction holds nothing while the disk is busy.
    const url = saveUploadedImage(env.uploadsDir, bytes, type);
    const actor = auditActor(c);
    await db.transaction((tx) =>
      recordAudit(tx, { ...actor, action: 'upload', entity: 'image', entityId: url, detail: { bytes: bytes.length, type } }),
    );
    return c.json({ url }, 201);
  });
