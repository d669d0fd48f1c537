// Writes src/routeTree.gen.ts from the files in src/routes, exactly as the build's router plugin does (both read
// tsr.config.json). `npm run typecheck` runs it first, so a route added or moved is type-checked against a fresh
// tree even before any build; the file is committed, so a fresh clone type-checks without running anything.
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig({ disableLogging: true }, root);
await new Generator({ config, root }).run();
