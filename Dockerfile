# The eval pipeline worker. The build stage compiles it (`npm run build`, with the dev dependencies);
# the image runs that compiled build (dist/) on the production dependencies: no tsx, no TypeScript sources.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the build runs below, and neither the Temporal CLI nor the npm-shipped ffmpeg is needed.
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY scripts/build.ts ./scripts/build.ts
COPY src ./src
COPY activities ./activities
COPY workflows ./workflows
# JavaScript into dist/ and the workflow code bundled once into dist/workflow-bundle.js, which workers load at start.
RUN npm run build

FROM node:20-bookworm-slim

# ffmpeg/ffprobe from Debian, named explicitly so the service never falls back to the npm-shipped binaries
# (docs/frames.md: production runs Debian's, which gets security updates). The scene inspector's Debian
# packages (build headers for pycairo and ManimPango, TeX for MathTex, a font, bubblewrap) are the list in
# src/infra/manim.ts, installed below by the same code `npx evals setup --manim` runs.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg ca-certificates python3 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe \
    EVALS_DATA_DIR=/var/lib/evals

WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the worker connects to TEMPORAL_ADDRESS (no Temporal CLI needed) and uses Debian's ffmpeg.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY bin ./bin
COPY scene-inspector ./scene-inspector
COPY --from=build /app/dist ./dist
# Manim (pinned) into .tools/manim-venv on Debian's Python, readable by the sandbox's unprivileged user.
RUN node -e "require('./dist/src/infra/manim.js').ensureManim((line) => console.error(line))" \
  && rm -rf /var/lib/apt/lists/* /root/.cache/pip

RUN mkdir -p /var/lib/evals && chown node:node /var/lib/evals
USER node

# SIGTERM drains: no new tasks, activities in progress get EVALS_SHUTDOWN_GRACE_SECONDS.
STOPSIGNAL SIGTERM
# Regular expressions compiled to machine code at their first run: with V8's default tier-up the
# user-input screening's large expressions ran interpreted again once a process had screened a few
# thousand messages, 4 to 5 times slower (docs/user-input-security.md). The chart runs this entrypoint.
ENTRYPOINT ["node", "--no-regexp-tier-up", "bin/evals.js"]
CMD ["worker"]
