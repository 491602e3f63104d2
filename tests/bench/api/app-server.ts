// Child process: our API as production runs it (the composition root) on the bench's database.
import { createSystem } from '../../../api/src/system/create-system';
import { serveFromChild } from '../bench-kit';
import { benchAppConfig } from './app-config';

serveFromChild<{ databaseUrl: string }>(async ({ databaseUrl }) => {
  const system = await createSystem(benchAppConfig(databaseUrl));
  const web = await system.start({ host: '127.0.0.1', port: 0 });
  return { url: web.url, stop: () => system.stop() };
});
