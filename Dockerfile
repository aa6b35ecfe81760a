# The product as one image: the web build served by the compiled server (docs/DEPLOY.md).
# Build: docker build -t naijap2p .      Run: docker compose -f deploy/compose.yaml up

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# Only the server's production dependencies: the web app is built, the shared package bundled in.
RUN npm ci --omit=dev --workspace apps/server --include-workspace-root=false --no-audit --no-fund && npm cache clean --force
# What the server reads at run time: its bundle, the migrations, the catalogs, the common-password
# list, and the web build it serves.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/src/locales apps/server/src/locales
COPY --from=build /app/apps/server/src/auth/common-passwords.txt apps/server/src/auth/common-passwords.txt
COPY --from=build /app/packages/shared/locales packages/shared/locales
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
