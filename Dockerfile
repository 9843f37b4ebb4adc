# The eval pipeline worker. Runs the TypeScript sources through tsx (no build step).
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
COPY src ./src
COPY activities ./activities
COPY workflows ./workflows
COPY scene-inspector ./scene-inspector
COPY tsconfig.json ./
# Manim (pinned) into .tools/manim-venv on Debian's Python, readable by the sandbox's unprivileged user.
RUN node -e "require('tsx/cjs'); require('./src/infra/manim.ts').ensureManim((line) => console.error(line))" \
  && rm -rf /var/lib/apt/lists/* /root/.cache/pip

RUN mkdir -p /var/lib/evals && chown node:node /var/lib/evals
USER node
# Bundle the workflow code once at build time; workers load the cached bundle at start.
RUN node -e "require('tsx/cjs'); require('./src/workflow-bundle.ts').workflowBundle(process.env.EVALS_DATA_DIR)"

# SIGTERM drains: no new tasks, activities in progress get EVALS_SHUTDOWN_GRACE_SECONDS.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "bin/evals.js"]
CMD ["worker"]
