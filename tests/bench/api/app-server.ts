// Child process: our API as `npm start` runs it (bootstrap + startWebServer) on the bench's database.
import { bootstrap } from '../../../api/src/bootstrap';
import { startWebServer } from '../../../api/src/server';
import { serveFromChild } from '../bench-kit';
import { benchAppConfig } from './app-config';

serveFromChild<{ databaseUrl: string }>(async ({ databaseUrl }) => {
  const { deps, database } = await bootstrap(benchAppConfig(databaseUrl));
  const web = await startWebServer(deps, { host: '127.0.0.1', port: 0 });
  return {
    url: web.url,
    async stop() {
      await web.stop();
      await database.close();
    },
  };
});
