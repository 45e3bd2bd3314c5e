// The baseline of DESIGN.md section 7: a bare Hono "hello" route on the same server adapter.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDir } from './support.mjs';

const require = createRequire(path.join(apiDir, 'package.json'));
const { Hono } = await import(pathToFileURL(require.resolve('hono')).href);
const { serve } = await import(pathToFileURL(require.resolve('@hono/node-server')).href);

const app = new Hono().get('/hello', (c) => c.text('hello'));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
