# The shop in a container (docs/deploy.md, ADR-056). This machine cannot build images: every step
# below is run as written by `node --import tsx scripts/container-steps.ts` in a clean copy of the
# repository, and the runtime stage by tests/integration/container.test.ts, so the steps stay true.

# 1. The build: every dependency (with the patches npm's postinstall applies, ADR-064), then the built shop (build/ and kept-assets/).
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. What the server needs to run: the dependencies without the tools of building and testing, patched as in 1.
FROM node:20.19-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

# 3. The shop: the built app, its server and migrations, run by an unprivileged user.
FROM node:20.19-bookworm-slim
ENV NODE_ENV=production
ENV PORT=3000
ENV DATA_DIR=/home/node/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/kept-assets ./kept-assets
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
USER node
# PGlite's folder (without DATABASE_URL) and the delivery key file (without DELIVERY_ENCRYPTION_KEY), the user's own.
RUN mkdir -p "$DATA_DIR"
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "build/server/start.js"]
