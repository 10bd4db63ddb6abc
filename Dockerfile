# One image for the REST API, the help API and the workers; docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY lib lib
COPY api api
COPY workflows workflows
COPY activities activities
COPY workers workers
COPY scripts scripts
COPY console console
# The server (tsc) and the web console (esbuild bundle in console/dist).
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
# PyAV (FFmpeg's libraries) decodes and splits recordings for speech-to-text in transcription workers
# (scripts/audio/prepare_audio.py, AUDIO_PYTHON); xmllint validates MISMO files when MISMO_XSD_DIR is mounted.
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-av python3-numpy libxml2-utils && rm -rf /var/lib/apt/lists/*
ENV AUDIO_PYTHON=/usr/bin/python3
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
# The web console's page and bundle, served under /app (api/rest/consoleAssets.ts looks beside dist/api).
COPY --from=build /app/console/dist ./dist/console/dist
# The docs widget page is read at start (not compiled).
COPY --from=build /app/api/help/widget ./dist/api/help/widget
# The audio decoder the transcription activity runs (resolved beside dist/activities).
COPY scripts/audio ./dist/scripts/audio
COPY docs ./docs
USER node
EXPOSE 3000 3001
CMD ["node", "dist/api/rest/server.js"]
