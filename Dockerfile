# Not built in this project's CI (no container runtime there): a starting point, kept in step with
# the production install that CI does prove (npm ci --omit=dev, then npm start).
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY assets ./assets
# The workspace package: its lock entry must resolve, and the build writes its reference (/docs/sdk/).
COPY packages ./packages
# prepare builds dist/ (typescript is a dependency); development tools are left out.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/health/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/src/server.js"]
