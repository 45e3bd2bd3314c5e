import { Hono } from 'hono';
import { indiaToday, ORGANISER_NOT_FOUND, organiserSlugParamSchema, type OrganiserResponse } from '../contract';
import type { RouteDeps } from '../deps';
import { cachedJson } from '../http/db-cache';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';
import { approvedOrganiserVersion, getPublicOrganiser } from '../services/organisers';

/**
 * The organiser's public page's data (decision 054): an approved organisation's profile and events.
 * An applied, suspended or unknown slug answers 404 alike.
 */
export const organiserPageRoutes = ({ db, cache }: RouteDeps) =>
  new Hono().get('/:slug', validate('param', organiserSlugParamSchema), async (c) => {
    const { slug } = c.req.valid('param');
    // Cached like the events (http/db-cache.ts: until the database changes, with an ETag). The
    // organisation's status and last change are read first and are in the key: a change to it (an
    // edit, a suspension) is a new answer on every engine, whether or not the change counter covers
    // the organisations table (PostgreSQL's moves with events, ticket types and settings).
    const version = await db.query((q) => approvedOrganiserVersion(q, slug));
    if (!version) throw notFound(ORGANISER_NOT_FOUND);
    const key = `organiser:${indiaToday(new Date())}:${version.id}:${version.updatedAt}:${slug}`;
    const response = await cachedJson<OrganiserResponse>(c, cache, key, async () => {
      const organiser = await db.query((q) => getPublicOrganiser(q, slug));
      return organiser && { organiser };
    });
    if (!response) throw notFound(ORGANISER_NOT_FOUND);
    return response;
  });
