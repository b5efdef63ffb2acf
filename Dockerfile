# syntax=docker/dockerfile:1
# doubles-ladder: the production server (built SPA + /api) in one image. docs/deploy.md explains
# how it is run (PostgreSQL with DATABASE_URL, or the embedded database in the /data volume).
# The stages' commands are the project's own scripts (scripts/check-deploy.mjs checks that they
# are and that the runtime needs nothing but production dependencies, dist/ and migrations/).

# 1. Build: every dependency, then the client (Vite) and the server bundle (esbuild) into dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (the server bundle keeps packages external).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. Runtime: node, the production dependencies, the build and the migrations; not root.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY migrations ./migrations
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
# Ready = the database answers and takes writes (GET /api/ready); slim images have no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The built server itself (not `npm start`): signals reach it directly, so SIGTERM stops it cleanly.
CMD ["node", "dist/server/index.js"]
