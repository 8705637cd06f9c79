# syntax=docker/dockerfile:1
# docs/operations.md says what each stage holds and why.

# ---- build: the web app and the server bundle. No compilers: better-sqlite3 and argon2 carry
# prebuilt binaries for this platform, and .npmrc keeps npm from running node-gyp on install ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY web ./web
COPY shared ./shared
COPY server ./server
COPY migrations ./migrations
COPY seed ./seed
COPY scripts ./scripts
RUN npm run build

# ---- runtime modules: the server is bundled, so production needs only the modules the bundle
# leaves outside (native code), at the lockfile's versions, without their C sources ----
FROM node:24-bookworm-slim AS runtime-modules
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts/runtime-dependencies.mjs scripts/external-modules.mjs ./scripts/
RUN node scripts/runtime-dependencies.mjs package \
 && npm install --omit=dev --no-audit --no-fund \
 && node scripts/runtime-dependencies.mjs trim \
 && npm cache clean --force

# ---- runtime: non-root, one volume for the SQLite file, its automatic backups and the uploads ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/app.db \
    UPLOADS_DIR=/data/uploads \
    BACKUP_DIR=/data/backups \
    SECRET_KEY_FILE=/data/secret.key
WORKDIR /app
COPY --from=runtime-modules /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY package.json ./
COPY scripts/run-built.mjs scripts/newest-change.mjs ./scripts/
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server.js"]
