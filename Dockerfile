# syntax=docker/dockerfile:1

# ---- build: the web app. No compilers: better-sqlite3 and argon2 carry prebuilt binaries for this
# platform, and .npmrc keeps npm from running node-gyp on install ----
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
RUN npm run build && npm prune --omit=dev

# ---- runtime: non-root, one volume for the SQLite file and uploads ----
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=sqlite:/data/app.db \
    UPLOADS_DIR=/data/uploads
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/web/dist ./web/dist
COPY package.json tsconfig.json ./
COPY shared ./shared
COPY server ./server
COPY migrations ./migrations
COPY seed ./seed
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server/main.ts"]
