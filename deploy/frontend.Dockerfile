# syntax=docker/dockerfile:1.7
# The frontend: Next.js standalone output on a slim Node image.
#   docker build -f deploy/frontend.Dockerfile -t parley/frontend .
# GATEWAY_URL and the other settings are read at run time, so one image serves every environment.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NEXT_TELEMETRY_DISABLED=1
WORKDIR /repo

FROM base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && cp package.json package-lock.json /manifests/ \
 && find . -name package.json -not -path './package.json' -not -path '*/node_modules/*' \
      -exec sh -c 'mkdir -p "/manifests/$(dirname "$1")" && cp "$1" "/manifests/$1"' _ {} \;

FROM base AS build
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --workspace frontend --include-workspace-root
COPY . .
RUN npm run build --workspace frontend && mkdir -p frontend/public

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
WORKDIR /app
# The standalone tree mirrors the repository (server.js under frontend/); static assets and
# public/ go beside it, where the standalone server looks for them.
COPY --from=build /repo/frontend/.next/standalone ./
COPY --from=build /repo/frontend/.next/static ./frontend/.next/static
COPY --from=build /repo/frontend/public ./frontend/public
COPY deploy/healthcheck.mjs ./healthcheck.mjs
WORKDIR /app/frontend
USER 1000:1000
EXPOSE 3000
CMD ["node", "server.js"]
