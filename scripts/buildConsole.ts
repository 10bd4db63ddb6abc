/*
 * Builds the web console (console/) into console/dist with esbuild: one script and one stylesheet
 * under /app/assets, and the page. `--watch` rebuilds on every change (npm run dev uses it) and the
 * open pages reload themselves. No CDN: everything the page loads is served by the REST app.
 *
 *   npm run build:console [-- --watch]
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

export const CONSOLE_DIR = path.resolve(__dirname, '..', 'console');
export const CONSOLE_DIST = path.join(CONSOLE_DIR, 'dist');

const options: esbuild.BuildOptions = {
  entryPoints: {
    app: path.join(CONSOLE_DIR, 'src', 'main.tsx'),
    'app-style': path.join(CONSOLE_DIR, 'src', 'styles.css'),
  },
  outdir: path.join(CONSOLE_DIST, 'assets'),
  entryNames: '[name]',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: process.env.NODE_ENV !== 'development',
  sourcemap: true,
  logLevel: 'warning',
};

function copyPage(): void {
  mkdirSync(CONSOLE_DIST, { recursive: true });
  copyFileSync(path.join(CONSOLE_DIR, 'index.html'), path.join(CONSOLE_DIST, 'index.html'));
}

export async function buildConsole(): Promise<void> {
  copyPage();
  rmSync(BUILD_STAMP, { force: true });
  await esbuild.build(options);
}

/**
 * Where a watched build leaves its stamp: the page (in `npm run dev` only) polls it and reloads
 * itself when it changes. A production build writes none, so the page never polls there.
 */
const BUILD_STAMP = path.join(CONSOLE_DIST, 'assets', 'build.json');

/** Rebuilds on change until the process ends; each build reloads the open pages. */
export async function watchConsole(onBuilt: () => void): Promise<esbuild.BuildContext> {
  copyPage();
  const context = await esbuild.context({
    ...options,
    plugins: [
      {
        name: 'on-built',
        setup: (build) =>
          build.onEnd(() => {
            copyPage();
            writeFileSync(BUILD_STAMP, JSON.stringify({ built_at: new Date().toISOString() }));
            onBuilt();
          }),
      },
    ],
  });
  await context.watch();
  return context;
}

if (require.main === module) {
  const watch = process.argv.includes('--watch');
  (watch ? watchConsole(() => process.stdout.write('[console] built\n')) : buildConsole()).then(
    () => {
      if (!watch) process.stdout.write(`[console] built into ${path.relative(process.cwd(), CONSOLE_DIST)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`[console] build failed: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
