# syntax=docker/dockerfile:1
# The production image: one built server (API, bot, delivery worker) serving the built web app. Build once and
# run the same image on every instance, so their version ETags agree (docs/operations.md, Several instances).
#   docker build -t community-events .
# Running it (compose.yaml, a systemd unit, settings): docs/operations-deploy.md.
ARG NODE_VERSION=22

# --- build: the full install, then what `npm run build` (and `npm start`) builds ----------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# Without install scripts: the repository allows none of its dependencies' (package.json, allowScripts), and
# the Prisma client is generated below, once the schema and the configuration it imports are in place.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY prisma.config.ts tsconfig.json tsconfig.base.json ./
COPY prisma ./prisma
COPY scripts ./scripts
COPY shared ./shared
COPY api ./api
COPY bot ./bot
COPY webapp ./webapp
# dist/server (server, bot, worker, CLIs; the generated Prisma client compiled in) and dist/webapp.
RUN npm run db:generate && npm run build

# --- production: run-time packages only, the build, and the migrations the server applies at start ----------
FROM node:${NODE_VERSION}-bookworm-slim AS production
# pg_dump/pg_restore for the nightly backup (Debian bookworm's are PostgreSQL 15's, as compose.yaml's server;
# a newer server needs newer client programs), and a font for the link-preview pictures.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  PGLITE_DIR=/var/lib/events/pglite \
  BACKUP_DIR=/var/lib/events/backups \
  MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the only run-time one (@prisma/client's) would generate a client the built server does
# not use; it carries its own.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# The server reads its migrations from prisma/migrations beside dist/ and applies them at every start, under
# an advisory lock, before it listens (so instances may start together; no separate migrate step).
COPY prisma/migrations ./prisma/migrations
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/webapp ./dist/webapp
# The data folder (backups; the PGlite folder when there is no DATABASE_URL) belongs to the server's user. A new
# named volume mounted here takes this owner and mode.
RUN mkdir -p /var/lib/events/backups && chown -R node:node /var/lib/events && chmod 700 /var/lib/events/backups
USER node
EXPOSE 3000
# Liveness only (asks nothing of the database, so an outage restarts nothing). A load balancer routes by
# /api/health/ready instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (readiness 503 for SHUTDOWN_DRAIN_SECONDS), then stops: give it that plus about 10 s.
STOPSIGNAL SIGTERM
# `npm run serve` without npm in between: the same Node options, MALLOC_ARENA_MAX=2 above.
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=50", "dist/server/main.js"]
