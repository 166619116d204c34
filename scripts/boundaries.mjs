#!/usr/bin/env node
// `npm run boundaries`: the import rules of .dependency-cruiser.cjs over everything that ships.
import { spawnSync } from 'node:child_process';
import { boundaryCheckArgs } from './lib/boundaries.mjs';
import { repoRoot } from './lib/paths.mjs';

const { status } = spawnSync(process.execPath, boundaryCheckArgs(), { cwd: repoRoot, stdio: 'inherit' });
process.exitCode = status ?? 1;
