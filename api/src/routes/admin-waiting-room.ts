// /api/admin/events/:id/waiting-room (issue 29, decision 032): an event's waiting room as staff
// steer it: its settings (the rate changes live), pause and resume, the live figures and the audit
// of every change. Guards in admin.ts (/events/*: support reads, managers write).
import { Hono } from 'hono';
import { idParamSchema, waitingRoomSettingsSchema, type AdminWaitingRoomResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { auditActor } from '../http/auth';
import { ApiError } from '../http/errors';
import { validate } from '../http/validate';
import { adminWaitingRoom, saveWaitingRoom, setWaitingRoomPaused, WaitingRoomRefusal } from '../services/waiting-room';
import { roomRefusal } from '../http/waiting-room';

const EVENT_NOT_FOUND = 'Event not found';

const refused = (error: unknown) => (error instanceof WaitingRoomRefusal ? roomRefusal(error) : error);

export const adminWaitingRoomRoutes = ({ db }: RouteDeps) => {
  const view = async (id: number) => {
    const room = await db.query((q) => adminWaitingRoom(q, id));
    if (!room) throw new ApiError(404, 'not_found', EVENT_NOT_FOUND);
    return room satisfies AdminWaitingRoomResponse;
  };
  const pause = async (id: number, paused: boolean, actor: ReturnType<typeof auditActor>) => {
    await db
      .transaction((tx) => setWaitingRoomPaused(tx, id, paused, actor))
      .catch((error: unknown) => {
        throw refused(error);
      });
    return view(id);
  };
  return new Hono()
    .get('/:id/waiting-room', validate('param', idParamSchema), async (c) => c.json(await view(c.req.valid('param').id), 200))
    .put('/:id/waiting-room', validate('param', idParamSchema), validate('json', waitingRoomSettingsSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = auditActor(c);
      await db
        .transaction((tx) => saveWaitingRoom(tx, id, c.req.valid('json'), actor))
        .catch((error: unknown) => {
          throw refused(error);
        });
      return c.json(await view(id), 200);
    })
    .post('/:id/waiting-room/pause', validate('param', idParamSchema), async (c) =>
      c.json(await pause(c.req.valid('param').id, true, auditActor(c)), 200),
    )
    .post('/:id/waiting-room/resume', validate('param', idParamSchema), async (c) =>
      c.json(await pause(c.req.valid('param').id, false, auditActor(c)), 200),
    );
};
