# syntax=docker/dockerfile:1
# One image for every process of the back-office; the command chooses which one runs:
#   node apps/api/dist/migrate.js           migrations and reference data (a one-shot step before a rollout)
#   node apps/api/dist/main.js              the API, serving the web app on the same origin (the default)
#   node apps/projector/dist/main.js run    the projector (status, rebuild <name>, parked, replay too)
#   node apps/device-ingest/dist/main.js    the device and companion-app APIs (INGEST_ROLE=http; `all` adds the workers)
#   node apps/device-ingest/dist/workers-main.js   the workers: every long job and queue consumer
# compose.yaml at the repository root runs them together with Postgres and Redis.

# ---- manifests: the workspace's package files, what both installs below are made from ----
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/projector/package.json apps/projector/
COPY apps/device-ingest/package.json apps/device-ingest/
COPY apps/admin-web/package.json apps/admin-web/
COPY libs/aggregates/package.json libs/aggregates/
COPY libs/contracts/package.json libs/contracts/
COPY libs/devices/package.json libs/devices/
COPY libs/domain/package.json libs/domain/
COPY libs/event-store/package.json libs/event-store/
COPY libs/platform/package.json libs/platform/
COPY libs/read-models/package.json libs/read-models/
COPY libs/testing/package.json libs/testing/

# ---- build: every dependency, then the four projects ----
FROM manifests AS build
ENV NX_DAEMON=false NX_NO_CLOUD=true
# Without install scripts: the `node` dev dependency's would download a second Node (the image has its own, so
# its shim goes too), and the native tools (swc, nx, rolldown) come as prebuilt optional packages.
RUN npm ci --ignore-scripts --no-audit --no-fund && rm -f node_modules/.bin/node
COPY . .
RUN node node_modules/.bin/nx run-many -t build --projects=@kb/api,@kb/projector,@kb/device-ingest,@kb/admin-web --output-style=stream

# ---- runtime: production dependencies and the built files only ----
FROM manifests AS runtime
ENV NODE_ENV=production
# Only the three server apps' dependencies (the web app is static files); none of them needs an install script.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @kb/api -w @kb/projector -w @kb/device-ingest \
 && npm cache clean --force
COPY --from=build /app/libs/aggregates/dist libs/aggregates/dist
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/devices/dist libs/devices/dist
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/libs/event-store/dist libs/event-store/dist
COPY --from=build /app/libs/platform/dist libs/platform/dist
COPY --from=build /app/libs/read-models/dist libs/read-models/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/projector/dist apps/projector/dist
COPY --from=build /app/apps/device-ingest/dist apps/device-ingest/dist
COPY --from=build /app/apps/admin-web/dist apps/admin-web/dist
RUN mkdir -p /data/files && chown node:node /data/files
# The files folder is the one place the apps write; share it between the API and device-ingest.
VOLUME ["/data/files"]
ENV HOST=0.0.0.0 \
    PORT=8080 \
    INGEST_HOST=0.0.0.0 \
    INGEST_PORT=8081 \
    FILES_DIR=/data/files \
    WEB_DIST=/app/apps/admin-web/dist \
    MIGRATE_ON_START=false \
    SEED_DEMO=false
USER node
EXPOSE 8080 8081
CMD ["node", "apps/api/dist/main.js"]
