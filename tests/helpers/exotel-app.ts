import { afterAll, beforeAll } from 'vitest';
import type { Dialect } from '../../server/db/database.js';
import { buildTestApp, type TestApp } from './app.js';
import { ExotelStandin } from './exotel-standin.js';
import { freePort } from './net.js';

export interface ExotelWorld {
  t: TestApp;
  exotel: ExotelStandin;
  /** the app's own address (PUBLIC_URL), where the stand-in posts its callbacks */
  publicUrl: string;
}

/**
 * An app pointed at a fresh Exotel stand-in (EXOTEL_API_URL) and listening on 127.0.0.1 at its
 * PUBLIC_URL, so the stand-in's callbacks reach the real routes over HTTP: built before the tests of
 * a file (or a describe block), closed after them. The fields are filled in beforeAll.
 */
export function exotelAppFor(dialect: Dialect): ExotelWorld {
  const world = {} as ExotelWorld;
  beforeAll(async () => {
    world.exotel = await ExotelStandin.start();
    const port = await freePort();
    world.publicUrl = `http://127.0.0.1:${port}`;
    world.t = await buildTestApp(dialect, { PUBLIC_URL: world.publicUrl, EXOTEL_API_URL: world.exotel.url });
    await world.t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await world.t?.close();
    await world.exotel?.close();
  });
  return world;
}
