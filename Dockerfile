# Multi-stage image of the service (docs/deploy.md). The same image runs every role: ROLE=all|api|worker.
# Build: docker build -t lead-intelligence .

# 1. Dependencies and the dashboard build, with the dev tools they need.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npm prune --omit=dev --no-audit --no-fund

# 2. The runtime: production dependencies, the sources (Node 24 runs the .ts files directly), the built
#    dashboard; a non-root user; no build tools.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/sample ./sample
COPY --from=build --chown=node:node /app/web/dist ./web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Not `npm start`: that rebuilds the dashboard first. SIGTERM reaches node directly (exec form).
CMD ["node", "src/main.ts"]
